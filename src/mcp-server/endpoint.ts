import { randomUUID } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Router, type Request, type Response } from "express";
import { bearerMatches } from "../http/auth.js";
import { lazy } from "../lazy.js";
import type { Logger } from "../logging/logger.js";
import { personRequester, UNNAMED, type Requester } from "../store/conversation-access.js";
import { VERSION } from "../version.js";
import type { McpCaller, McpToolCalls } from "./calls.js";

export interface McpRouteOptions {
  /**
   * Whose calls come without the API token and without a signed-in person: `household` on the Assist port
   * (HA through the Supervisor's network rule), nobody named on the ingress port.
   */
  anonymous: Requester;
  apiToken?: string;
}

/** The SDK, loaded on the first request to /mcp: most homes never call it, and it is heavy at start-up. */
const loadSdk = lazy(async () => {
  const [{ Server }, { SSEServerTransport }, { StreamableHTTPServerTransport }, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/sse.js"),
    import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return { Server, SSEServerTransport, StreamableHTTPServerTransport, ...types };
});
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

type Session = {
  server: Server;
  owner: string;
  lastUsed: number;
} & (
  | { kind: "streamable"; transport: StreamableHTTPServerTransport }
  | { kind: "sse"; transport: SSEServerTransport }
);

export interface McpEndpointLimits {
  /** Open sessions at most; the least recently used one is closed for a new one. */
  maxSessions: number;
  /** A session unused this long is closed (clients like HA's open one per call and may not end it). */
  idleMs: number;
}

const DEFAULT_LIMITS: McpEndpointLimits = { maxSessions: 128, idleMs: 30 * 60_000 };

const INSTRUCTIONS =
  "Cyrene's tools: the home (iot_query, iot_control), reminders, the knowledge base, memory and the web. " +
  "Risky home actions answer with a question for the person; confirm_action carries them out only after " +
  "the person said yes. A call that takes long answers running_in_background: collect it with job_result.";

/**
 * `/mcp`: Streamable HTTP (sessions, so a cancellation reaches the call it names), and the older HTTP+SSE
 * transport that clients such as HA's fall back to (GET /mcp opens the stream, POST /mcp/messages sends).
 * Access is checked before this by the port's own guard; here the caller is named and sessions are
 * kept to the caller that opened them.
 */
export class McpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly limits: McpEndpointLimits;

  constructor(
    private readonly calls: McpToolCalls,
    private readonly logger: Logger,
    limits: Partial<McpEndpointLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  routes(options: McpRouteOptions): Router {
    const router = Router();
    router.all("/mcp", (req, res) => this.handle(req, res, options));
    router.post("/mcp/messages", (req, res) => this.legacyMessage(req, res, options));
    return router;
  }

  /** Closes every session (shutdown). */
  async close(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(open.map((session) => session.server.close()));
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  private async handle(req: Request, res: Response, options: McpRouteOptions): Promise<void> {
    const caller = this.callerOf(req, res, options);
    if (!caller) return;
    const sdk = await loadSdk();
    const id = req.get("mcp-session-id");
    // HA's client (2026.2) initializes twice on one session: a second initialize opens a new session, whose
    // id the client takes from the answer, and the old one is closed.
    if (id && req.method === "POST" && sdk.isInitializeRequest(req.body)) {
      const old = this.sessions.get(id);
      if (old?.owner === caller.requester.owner) this.drop(id, old);
    } else if (id) {
      const session = this.sessionOf(id, caller, res);
      if (session?.kind === "streamable") {
        await session.transport.handleRequest(req, res, req.body);
      } else if (session) rpcError(res, 400, -32000, "This session uses HTTP+SSE: POST to /mcp/messages.");
      return;
    }
    if (req.method === "GET") return this.openLegacyStream(req, res, caller, sdk);
    if (req.method !== "POST") {
      rpcError(res, 400, -32000, "No MCP session: send initialize first.");
      return;
    }
    const transport: StreamableHTTPServerTransport = new sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) =>
        this.add(sessionId, { kind: "streamable", transport }, server, caller),
      onsessionclosed: (sessionId) => void this.sessions.delete(sessionId),
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    const server = this.serverFor(caller, sdk);
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
    // A first request that was not a valid initialize opened no session: nothing stays behind.
    if (!transport.sessionId) await server.close();
  }

  /** The HTTP+SSE transport (protocol 2024-11-05): the stream, then the client POSTs to the endpoint. */
  private async openLegacyStream(req: Request, res: Response, caller: McpCaller, sdk: Sdk): Promise<void> {
    // Behind HA's ingress the client sees the page under a prefix; the endpoint it is told must carry it.
    const prefix = (req.get("x-ingress-path") ?? "").replace(/\/+$/, "");
    const transport = new sdk.SSEServerTransport(`${prefix}/mcp/messages`, res);
    const server = this.serverFor(caller, sdk);
    transport.onclose = () => void this.sessions.delete(transport.sessionId);
    this.add(transport.sessionId, { kind: "sse", transport }, server, caller);
    res.on("close", () => void server.close());
    await server.connect(transport);
  }

  private async legacyMessage(req: Request, res: Response, options: McpRouteOptions): Promise<void> {
    const caller = this.callerOf(req, res, options);
    if (!caller) return;
    const session = this.sessionOf(String(req.query.sessionId ?? ""), caller, res);
    if (!session) return;
    if (session.kind !== "sse") {
      rpcError(res, 400, -32000, "This session uses Streamable HTTP: POST to /mcp.");
      return;
    }
    await session.transport.handlePostMessage(req, res, req.body);
  }

  private serverFor(caller: McpCaller, sdk: Sdk): Server {
    const server = new sdk.Server(
      { name: "cyrene", title: "Cyrene", version: VERSION },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({ tools: this.calls.list() }));
    server.setRequestHandler(sdk.CallToolRequestSchema, (request, extra) =>
      this.calls.call(request.params.name, request.params.arguments, caller, extra.signal),
    );
    return server;
  }

  private add(
    id: string,
    transport: Pick<Session, "kind" | "transport">,
    server: Server,
    caller: McpCaller,
  ): void {
    const now = performance.now();
    for (const [other, session] of this.sessions) {
      if (now - session.lastUsed > this.limits.idleMs) this.drop(other, session);
    }
    if (this.sessions.size >= this.limits.maxSessions) {
      const [oldest, session] = [...this.sessions].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0]!;
      this.drop(oldest, session);
    }
    this.sessions.set(id, { ...transport, server, owner: caller.requester.owner, lastUsed: now } as Session);
  }

  private drop(id: string, session: Session): void {
    this.sessions.delete(id);
    void session.server.close().catch((error: unknown) => {
      this.logger.debug({ err: error }, "closing an MCP session failed");
    });
  }

  /** The caller's own open session; another caller's is answered as one that does not exist. */
  private sessionOf(id: string, caller: McpCaller, res: Response): Session | undefined {
    const session = this.sessions.get(id);
    if (!session || session.owner !== caller.requester.owner) {
      rpcError(res, 404, -32001, "Session not found: initialize a new one.");
      return undefined;
    }
    session.lastUsed = performance.now();
    return session;
  }

  /**
   * Who calls: the person signed in behind ingress, the API token's holder (nobody named, as on /api), or
   * the port's anonymous caller. A browser (it sends Origin) must bring the token or come through ingress:
   * a page on a rebound host name must not reach the tools as a trusted source.
   */
  private callerOf(req: Request, res: Response, options: McpRouteOptions): McpCaller | undefined {
    if (req.person) return { requester: personRequester(req.person.id), person: req.person };
    const withToken = options.apiToken !== undefined && bearerMatches(req, options.apiToken);
    if (req.get("origin") && !withToken) {
      rpcError(res, 403, -32000, "Browsers reach /mcp only with the API token.");
      return undefined;
    }
    return { requester: withToken ? UNNAMED : options.anonymous };
  }
}

function rpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
}
