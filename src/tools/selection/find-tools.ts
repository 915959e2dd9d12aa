import type { ToolDefinition } from "../contract.js";

export const FIND_TOOLS = "find_tools";

/** The meta-tool: offered with a selection only, answered by the turn's selection, never by the registry. */
export const findToolsDefinition: ToolDefinition = {
  name: FIND_TOOLS,
  description:
    "Finds more tools when none offered fits the task: describe the need in a few words (e.g. 'pause music', " +
    "'NAS disk usage'). Returns matching tools; they can be called from your next step.",
  parameters: {
    type: "object",
    properties: { query: { type: "string", description: "What the tool should do." } },
    required: ["query"],
  },
};
