import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool as WireTool } from "@modelcontextprotocol/sdk/types.js";
import { lazy } from "../lazy.js";
import type { Logger } from "../logging/logger.js";
import { VERSION } from "../version.js";
import { callOutcome } from "./call-result.js";
import type { McpCallOutcome, McpServerStatus, McpTool, SkippedMcpTool } from "./mcp-tool.js";
import type { McpServerSettings } from "./settings.js";
import { Reconnect, type Backoff } from "./reconnect.js";
import { prefixedToolName } from "./tool-names.js";
import { providerSchema } from "./tool-schema.js";
import { connectClient, describeError, endsSession, type McpTransport } from "./transport.js";
import { clip } from "../text/clip.js";

/**
 * The SDK and ajv, loaded when the first server is connected: without MCP servers they never load (each
 * transport's module is loaded by transport.ts when first spoken).
 */
const loadSdk = lazy(async () => {
  const [{ Client }, types, { argumentChecker }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("./tool-arguments.js"),
  ]);
  const { McpError, ToolListChangedNotificationSchema } = types;
  return { Client, McpError, ToolListChangedNotificationSchema, argumentChecker };
});

/** A server may list this many tools; more are left out (bounded work on what a server sends). */
export const MAX_TOOLS_PER_SERVER = 300;
const MAX_DESCRIPTION_CHARS = 1_000;
const CONNECT_TIMEOUT_MS = 15_000;
const PING_TIMEOUT_MS = 5_000;

/** What the connection publishes whenever its tools or its reachability change. */
export type ToolsListener = (server: string, tools: McpTool[], unavailable?: string) => void;

/**
 * One MCP server over Streamable HTTP or the older HTTP+SSE (transport.ts picks): connects without holding
 * up the start, lists its tools (again on `notifications/tools/list_changed`), calls them, and when the
 * server is unreachable marks its tools unavailable and reconnects with exponential backoff.
 */
export class McpServerConnection {
  private client: Client | undefined;
  /** The transport the connection speaks, while connected. */
  private transport: McpTransport | undefined;
  private sdk: Awaited<ReturnType<typeof loadSdk>> | undefined;
  private state: McpServerStatus["state"] = "connecting";
  private tools: McpTool[] = [];
  private skipped: SkippedMcpTool[] = [];
  private error: string | undefined;
  private readonly reconnect: Reconnect;
  private closed = false;
  private probing = false;
  /** Calls in flight: aborted when the connection is found lost, so none waits for an answer that cannot come. */
  private readonly inFlight = new Set<AbortController>();

  constructor(
    private readonly settings: McpServerSettings,
    private readonly logger: Logger,
    private readonly publish: ToolsListener,
    backoff?: Backoff,
  ) {
    this.reconnect = new Reconnect(backoff);
  }

  get name(): string {
    return this.settings.name;
  }

  start(): void {
    void this.connect();
  }

  status(): McpServerStatus {
    const url = new URL(this.settings.url);
    return {
      name: this.settings.name,
      url: `${url.protocol}//${url.host}${url.pathname}`,
      state: this.state,
      ...(this.transport ? { transport: this.transport } : {}),
      tools: this.tools.length,
      skipped: this.skipped,
      ...(this.error ? { error: this.error } : {}),
      ...(this.state === "down" && this.reconnect.retryAt ? { retryAt: this.reconnect.retryAt } : {}),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reconnect.cancel();
    for (const call of this.inFlight) call.abort("Cyrene is shutting down");
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    this.state = "connecting";
    const headers: Record<string, string> = { ...this.settings.headers };
    if (this.settings.token) headers.authorization = `Bearer ${this.settings.token}`;
    const sdk = (this.sdk = await loadSdk());
    let connected: { client: Client; transport: McpTransport };
    try {
      const url = new URL(this.settings.url);
      const newClient = () => (this.client = this.newClient(sdk));
      connected = await connectClient(url, headers, this.settings.transport, newClient, CONNECT_TIMEOUT_MS);
    } catch (error) {
      // The last client tried: lost() ignores it if close() came first.
      if (this.client) this.lost(this.client, error);
      return;
    }
    const { client, transport } = connected;
    if (this.client !== client) return;
    this.transport = transport;
    try {
      // Only now: a failed connect closes the client too, and its own error says more.
      client.onclose = () => this.lost(client, "the connection was closed");
      await this.refresh(client);
      if (this.client !== client) return;
      this.state = "connected";
      this.error = undefined;
      this.reconnect.connected();
      this.logger.info({ mcpServer: this.name, tools: this.tools.length, transport }, "MCP server connected");
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** A client whose list_changed and transport errors are this connection's to handle. */
  private newClient(sdk: Awaited<ReturnType<typeof loadSdk>>): Client {
    const client = new sdk.Client({ name: "cyrene", version: VERSION }, { capabilities: {} });
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
      void this.refresh(client).catch((error: unknown) => this.lost(client, error));
    });
    client.onerror = (error) => {
      this.logger.debug({ mcpServer: this.name, err: error.message }, "MCP transport error");
      if (endsSession(this.transport, error)) this.lost(client, error);
      else this.probe(client);
    };
    return client;
  }

  /** Lists the tools again and publishes them: the next request offers the new list. */
  private async refresh(client: Client): Promise<void> {
    const listed: WireTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: CONNECT_TIMEOUT_MS });
      listed.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor && listed.length < MAX_TOOLS_PER_SERVER);
    if (this.client !== client) return;
    const tools: McpTool[] = [];
    const skipped: SkippedMcpTool[] = [];
    const taken = new Set<string>();
    for (const wire of listed) {
      if (tools.length >= MAX_TOOLS_PER_SERVER) {
        skipped.push({ tool: wire.name, reason: `over ${MAX_TOOLS_PER_SERVER} tools` });
        continue;
      }
      const schema = providerSchema(wire.inputSchema);
      if ("problem" in schema) {
        skipped.push({ tool: wire.name, reason: schema.problem });
        continue;
      }
      const name = prefixedToolName(this.name, wire.name, taken);
      taken.add(name);
      tools.push(this.tool(wire, name, schema.schema));
    }
    for (const { tool, reason } of skipped)
      this.logger.warn({ mcpServer: this.name, tool, reason }, "MCP tool left out");
    this.tools = tools;
    this.skipped = skipped;
    this.publish(this.name, tools);
  }

  private tool(wire: WireTool, name: string, parameters: Record<string, unknown>): McpTool {
    // Tools exist only once a server was connected, so the SDK (with ajv) is loaded by now.
    const check = this.sdk!.argumentChecker(wire.inputSchema);
    const description = clip(wire.description ?? wire.title ?? wire.name, MAX_DESCRIPTION_CHARS);
    return {
      name,
      original: wire.name,
      server: this.name,
      description,
      parameters,
      untrusted: this.settings.untrusted,
      readOnly: wire.annotations?.readOnlyHint === true,
      call: async (args, signal) => {
        const problem = check(args ?? {});
        if (problem) return { ok: false, error: `Invalid arguments for ${name}: ${problem}` };
        return this.call(wire.name, name, (args ?? {}) as Record<string, unknown>, signal);
      },
    };
  }

  private async call(
    original: string,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpCallOutcome> {
    const client = this.client;
    if (!client || this.state !== "connected") return { ok: false, error: this.unreachable() };
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    this.inFlight.add(controller);
    try {
      // No time limit of the SDK's own: the registry's limits (and the background hand-off) apply.
      const result = (await client.callTool({ name: original, arguments: args }, undefined, {
        signal: controller.signal,
        timeout: 24 * 3_600_000,
      })) as CallToolResult;
      return callOutcome(result);
    } catch (error) {
      if (signal.aborted) return { ok: false, error: `${name} was stopped: ${String(signal.reason)}` };
      if (error instanceof this.sdk!.McpError && !controller.signal.aborted)
        return { ok: false, error: `${name} failed: ${error.message}` };
      this.lost(client, controller.signal.aborted ? controller.signal.reason : error);
      return {
        ok: false,
        error:
          `The MCP server "${this.name}" stopped answering during the call (${this.error}). Its tools are ` +
          `unavailable until Cyrene reconnects; the call may or may not have taken effect.`,
      };
    } finally {
      signal.removeEventListener("abort", onAbort);
      this.inFlight.delete(controller);
    }
  }

  /** A stream broke: a ping tells whether the server is still there. */
  private probe(client: Client): void {
    if (this.probing || this.client !== client || this.state !== "connected") return;
    this.probing = true;
    client
      .ping({ timeout: PING_TIMEOUT_MS })
      .catch((error: unknown) => this.lost(client, error))
      .finally(() => (this.probing = false));
  }

  /** The server is unreachable: its tools are marked unavailable, calls in flight end, and a retry is timed. */
  private lost(client: Client, reason: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.transport = undefined;
    this.error = describeError(reason);
    this.state = "down";
    for (const call of this.inFlight) call.abort(this.error);
    void client.close().catch(() => {});
    const delay = this.reconnect.schedule(() => void this.connect());
    this.logger.warn(
      { mcpServer: this.name, error: this.error, retryInMs: delay },
      "MCP server unreachable; its tools are unavailable until it answers again",
    );
    this.publish(this.name, this.tools, this.unreachable());
  }

  private unreachable(): string {
    return (
      `The MCP server "${this.name}" is not reachable${this.error ? ` (${this.error})` : ""}; Cyrene keeps ` +
      `trying to reconnect. MCP 服务器 "${this.name}" 暂时无法连接，Cyrene 正在重试。`
    );
  }
}
