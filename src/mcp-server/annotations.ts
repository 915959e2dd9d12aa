import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

/** What a tool does to the world, as MCP clients show it (and ask the person before the destructive ones). */
type Kind = "reads" | "adds" | "changes";

/**
 * Each built-in tool's kind. A tool missing here (a test's, a future one) counts as "changes": MCP's own
 * default is to assume the worst of an unannotated tool, and a client then asks before calling it.
 */
const KINDS: Record<string, Kind> = {
  calculator: "reads",
  crypto: "reads",
  datetime: "reads",
  json: "reads",
  markdown: "reads",
  random: "reads",
  text: "reads",
  web_search: "reads",
  web_fetch: "reads",
  iot_query: "reads",
  reminder_list: "reads",
  memory_search: "reads",
  knowledge_search: "reads",
  reminder_create: "adds",
  knowledge_ingest: "adds",
  reminder_delete: "changes",
  iot_control: "changes",
  home_rule: "changes",
  file: "changes",
  http: "changes",
};

/** Tools whose results come from outside the house (the web, any URL). */
const OPEN_WORLD = new Set(["web_search", "web_fetch", "http", "knowledge_ingest"]);

export function annotationsFor(name: string): ToolAnnotations {
  const kind = KINDS[name] ?? "changes";
  return {
    readOnlyHint: kind === "reads",
    destructiveHint: kind === "changes",
    openWorldHint: OPEN_WORLD.has(name),
  };
}
