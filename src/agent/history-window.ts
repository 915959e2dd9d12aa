import type { ChatMessage } from "../llm/messages.js";

/**
 * The newest part of a conversation that fits in `maxChars`, cut only where a user message starts so
 * no tool result loses its call. The last turn is always kept, whatever its size.
 */
export function fitHistory(messages: ChatMessage[], maxChars: number): ChatMessage[] {
  let total = 0;
  let start = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    total += size(messages[i]!);
    const role = messages[i]!.role;
    if (role !== "user" && role !== "system") continue;
    if (total > maxChars && start < messages.length) break;
    start = i;
  }
  return start === 0 ? messages : messages.slice(start);
}

function size(message: ChatMessage): number {
  const content =
    typeof message.content === "string"
      ? message.content.length
      : JSON.stringify(message.content ?? "").length;
  return (
    content + ("tool_calls" in message && message.tool_calls ? JSON.stringify(message.tool_calls).length : 0)
  );
}
