import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export interface McpConnectOptions {
  token?: string;
  /** The older HTTP+SSE transport instead of Streamable HTTP. */
  sse?: boolean;
  headers?: Record<string, string>;
}

/** The official TypeScript SDK client, connected to `${base}/mcp`. */
export async function connectMcp(base: string, options: McpConnectOptions = {}): Promise<Client> {
  const client = new Client({ name: "cyrene-test", version: "1.0.0" });
  const headers = {
    ...options.headers,
    ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
  };
  const url = new URL(`${base}/mcp`);
  const transport = options.sse
    ? new SSEClientTransport(url, {
        requestInit: { headers },
        eventSourceInit: {
          fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, ...headers } }),
        },
      })
    : new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

/** The text of a call's result. */
export function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c as { text: string }).text).join("");
}

/** The data of a successful call's result (Cyrene answers `{success, data}` as JSON text). */
export function dataOf<T = unknown>(result: unknown): T {
  return (JSON.parse(textOf(result)) as { data: T }).data;
}
