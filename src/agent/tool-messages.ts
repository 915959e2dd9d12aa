import type { ChatMessage } from "../llm/messages.js";
import type { ToolResult } from "../tools/contract.js";

/** Serialises a tool result for the LLM, cutting oversized data so one call cannot flood the context. */
export function toolResultContent(result: ToolResult, maxChars: number): string {
  const text = JSON.stringify(result);
  if (text.length <= maxChars) return text;
  const note = `…[cut: the result had ${text.length} characters; ask for less]`;
  return text.slice(0, maxChars - note.length) + note;
}

export function toolMessage(callId: string, content: string): ChatMessage {
  return { role: "tool", tool_call_id: callId, content };
}
