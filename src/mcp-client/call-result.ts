import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpCallOutcome } from "./mcp-tool.js";

/** An MCP result as a tool result: `isError` becomes an error, text and structured content the data. */
export function callOutcome(result: CallToolResult): McpCallOutcome {
  const texts = (result.content ?? []).map((item) => {
    if (item.type === "text") return item.text;
    if (item.type === "resource")
      return "text" in item.resource ? item.resource.text : `[resource ${item.resource.uri}]`;
    if (item.type === "resource_link") return `[resource ${item.uri}]`;
    return `[${item.type}]`;
  });
  const text = texts.join("\n");
  if (result.isError)
    return { ok: false, error: text || "the MCP server reported an error without a message" };
  return { ok: true, data: result.structuredContent ?? parsedText(text) };
}

/** Text that is JSON (HA's tools answer so) is handed on as data, not as a quoted string. */
function parsedText(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}
