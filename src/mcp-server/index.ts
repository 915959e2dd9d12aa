import type { Logger } from "../logging/logger.js";
import { McpToolCalls, type McpCallDeps } from "./calls.js";
import { McpEndpoint } from "./endpoint.js";
import { CONFIRM_TOOL, mcpPolicy } from "./policy.js";

export type { McpRouteOptions } from "./endpoint.js";
export { McpEndpoint } from "./endpoint.js";
export { McpToolCalls } from "./calls.js";

export interface McpServerDeps extends Omit<McpCallDeps, "policy"> {
  /** The `mcp` whitelist (setting mcp.tools); undefined: every tool but file and http. */
  whitelist?: readonly string[];
  logger: Logger;
}

/** Cyrene's tools for MCP clients: the calls under the `mcp` policy, and the `/mcp` endpoint. */
export function createMcpServer(deps: McpServerDeps): { calls: McpToolCalls; endpoint: McpEndpoint } {
  const names = deps.registry.names();
  const unknown = (deps.whitelist ?? []).filter((name) => name !== CONFIRM_TOOL && !names.includes(name));
  if (unknown.length) {
    throw new Error(
      `unknown tool ${unknown.join(", ")}; the tools are: ${[...names, CONFIRM_TOOL].join(", ")}`,
    );
  }
  const calls = new McpToolCalls({ ...deps, policy: mcpPolicy(names, deps.whitelist) });
  return { calls, endpoint: new McpEndpoint(calls, deps.logger) };
}
