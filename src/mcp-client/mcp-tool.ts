import type { McpTransport } from "./transport.js";

/** An MCP server's tool as Cyrene offers it: named, with a schema providers accept, and a call. */
export interface McpTool {
  /** `<server>__<tool>`, the name the LLM sees. */
  name: string;
  /** The server's own name for it. */
  original: string;
  server: string;
  description: string;
  /** The provider-safe schema offered to the LLM (tool-schema.ts). */
  parameters: Record<string, unknown>;
  /** Text from outside the house: the system prompt tells the LLM that instructions in it are not the user's. */
  untrusted: boolean;
  readOnly: boolean;
  /** Checks the arguments against the server's schema, then calls; never throws. */
  call(args: unknown, signal: AbortSignal): Promise<McpCallOutcome>;
}

export type McpCallOutcome = { ok: true; data: unknown } | { ok: false; error: string };

/** A server's tool that is not offered, and why (shown in Status). */
export interface SkippedMcpTool {
  tool: string;
  reason: string;
}

export interface McpServerStatus {
  name: string;
  /** Scheme, host and path only: no query (it may carry a key). */
  url: string;
  state: "connecting" | "connected" | "down";
  /** The transport it speaks, once connected: Streamable HTTP, or the older HTTP+SSE. */
  transport?: McpTransport;
  tools: number;
  skipped: SkippedMcpTool[];
  /** Why it is down, the last time it failed. */
  error?: string;
  /** When the next attempt is due (epoch ms), while down. */
  retryAt?: number;
}
