import type { McpClients, McpTool } from "../../mcp-client/index.js";
import { fail, type Tool, type ToolDefinition } from "../contract.js";
import type { ToolRegistry } from "../registry.js";

/**
 * The MCP servers' tools as registry tools, kept current: each server's list replaces its group when it
 * connects, lists again (listChanged) or goes down (then marked unavailable). Being registry tools, they
 * run under the caller's policy, the time limits, the background hand-off and the logging of any tool.
 */
export function registerMcpTools(registry: ToolRegistry, clients: McpClients): void {
  clients.start((server, tools, unavailable) =>
    registry.replaceGroup(server, tools.map(mcpRegistryTool), unavailable),
  );
}

export function mcpRegistryTool(tool: McpTool): Tool {
  const definition: ToolDefinition = {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
  };
  return {
    definition: () => definition,
    // Another server's tool that may change something: nothing ties it to the person's words.
    ...(!tool.readOnly && {
      effects: () => [{ kind: "other" as const, what: `call ${tool.name}, which may change things` }],
    }),
    async execute(args, ctx) {
      const outcome = await tool.call(args ?? {}, ctx.signal);
      if (!outcome.ok) return fail(outcome.error);
      return tool.untrusted
        ? { success: true, untrusted: true, data: outcome.data }
        : { success: true, data: outcome.data };
    },
  };
}
