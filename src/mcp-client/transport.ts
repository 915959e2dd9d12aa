import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { lazy } from "../lazy.js";
import { clip } from "../text/clip.js";
import { withTimeout } from "../time/timeout.js";

/** The transport a connected server speaks: Streamable HTTP, or the older HTTP+SSE (MCP 2024-11-05). */
export type McpTransport = "streamable-http" | "sse";
/** What a server's settings ask for: one transport, or `auto` (Streamable HTTP, then HTTP+SSE on a 4xx). */
export type McpTransportSetting = "auto" | McpTransport;

const LABEL: Record<McpTransport, string> = { "streamable-http": "Streamable HTTP", sse: "HTTP+SSE" };

/** Both transports' HTTP errors carry the status as `code` (the SDK's StreamableHTTPError and SseError). */
type HttpErrorClass = new (...args: never[]) => Error & { code?: number };

// Each transport's module is loaded when first spoken: the SSE one (with its EventSource) only when needed.
// Their error classes are kept once loaded: no error of a transport can exist before its module is.
let StreamableHttpError: HttpErrorClass | undefined;
let SseError: HttpErrorClass | undefined;
const loadStreamable = lazy(async () => {
  const module = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  StreamableHttpError = module.StreamableHTTPError;
  return module;
});
const loadSse = lazy(async () => {
  const module = await import("@modelcontextprotocol/sdk/client/sse.js");
  SseError = module.SseError;
  return module;
});

/**
 * Connects a fresh client (made by `newClient`) over the transport the setting asks for. With `auto`, as the
 * SDK's backwards-compatibility guide and the MCP spec describe: Streamable HTTP first, and when the server
 * answers that first POST with a 4xx (an older server has no POST there), the HTTP+SSE transport on the same
 * URL with a new client. Headers go on every request of either transport. Rejects with an error naming each
 * transport tried and why it failed; every client it made and did not return is closed.
 */
export async function connectClient(
  url: URL,
  headers: Record<string, string>,
  setting: McpTransportSetting,
  newClient: () => Client,
  timeoutMs: number,
): Promise<{ client: Client; transport: McpTransport }> {
  const order: McpTransport[] = setting === "auto" ? ["streamable-http", "sse"] : [setting];
  const failures: string[] = [];
  for (const transport of order) {
    const client = newClient();
    try {
      const opened = await open(transport, url, headers);
      // The SDK's own timeout covers the initialize request, not the SSE stream's opening: this covers both.
      await withTimeout(client.connect(opened, { timeout: timeoutMs }), timeoutMs);
      return { client, transport };
    } catch (error) {
      await client.close().catch(() => {});
      failures.push(`${LABEL[transport]}: ${failure(error)}`);
      if (transport === order.at(-1) || !refusedPost(error)) break;
    }
  }
  throw new Error(setting === "auto" ? failures.join("; ") : `${failures[0]} (transport: ${setting})`);
}

/**
 * An error that ends the session: on HTTP+SSE every answer comes over the one stream, and the SDK's
 * EventSource would reopen it as a new, uninitialized session, so a broken stream means reconnecting. (On
 * Streamable HTTP a broken GET stream costs only notifications: a ping tells whether the server is there.)
 */
export function endsSession(transport: McpTransport | undefined, error: Error): boolean {
  return transport === "sse" && SseError !== undefined && error instanceof SseError;
}

/** An error's message and its cause's (fetch's "fetch failed" says little without it), cut to `max`. */
export function describeError(reason: unknown, max = 300): string {
  const error = reason instanceof Error ? reason : undefined;
  const cause = error?.cause instanceof Error ? `: ${error.cause.message}` : "";
  return clip(error ? `${error.message}${cause}` : String(reason), max);
}

async function open(transport: McpTransport, url: URL, headers: Record<string, string>): Promise<Transport> {
  if (transport === "sse") {
    // This SDK puts requestInit's headers on the stream's GET as well as on the POSTs (SSEClientTransport's
    // _commonHeaders); an eventSourceInit.fetch of our own would replace its redirect guard, so none is given.
    const { SSEClientTransport } = await loadSse();
    return new SSEClientTransport(url, { requestInit: { headers } });
  }
  const { StreamableHTTPClientTransport } = await loadStreamable();
  return new StreamableHTTPClientTransport(url, { requestInit: { headers } });
}

/** The status of a transport's HTTP error, if it is one. */
function httpStatus(error: unknown): number | undefined {
  const known = [StreamableHttpError, SseError].some((type) => type && error instanceof type);
  const code = known ? (error as { code?: unknown }).code : undefined;
  return typeof code === "number" && code > 0 ? code : undefined;
}

/** The server answered the initialize POST with a 4xx: it may be an older server that speaks HTTP+SSE. */
function refusedPost(error: unknown): boolean {
  const status = StreamableHttpError && error instanceof StreamableHttpError ? httpStatus(error) : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** "HTTP 404 Not Found" rather than the SDK's "Streamable HTTP error: Error POSTing to endpoint: Not Found". */
function failure(error: unknown): string {
  const status = httpStatus(error);
  const text = describeError(error, 200)
    .replace(/^(Streamable HTTP error|SSE error): (Error POSTing to endpoint: )?/, "")
    .replace(/^Non-200 status code \(\d+\)$/, "");
  if (!status) return text;
  const hint = status === 401 || status === 403 ? " (check the token and headers)" : "";
  return `HTTP ${status}${text ? ` ${text}` : ""}${hint}`;
}
