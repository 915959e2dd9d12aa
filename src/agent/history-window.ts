import type { ChatMessage } from "../llm/messages.js";

/**
 * The newest part of a conversation that fits in `maxChars`, cut only where a user message starts so
 * no tool result loses its call. The last turn is always kept, whatever its size.
 */
export function fitHistory(messages: ChatMessage[], maxChars: number): ChatMessage[] {
  let total = 0;
  let start = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    total += messageChars(messages[i]!);
    const role = messages[i]!.role;
    if (role !== "user" && role !== "system") continue;
    if (total > maxChars && start < messages.length) break;
    start = i;
  }
  return start === 0 ? messages : messages.slice(start);
}

/** A message's size as the window counts it: its text, its parts, its tool calls' arguments. */
export function messageChars(message: ChatMessage): number {
  let chars = typeof message.content === "string" ? message.content.length : 0;
  if (Array.isArray(message.content))
    for (const part of message.content) chars += JSON.stringify(part).length;
  if ("tool_calls" in message && message.tool_calls) {
    for (const call of message.tool_calls)
      if (call.type === "function") chars += call.function.arguments.length + 64;
  }
  return chars;
}
