import type { ChatMessage } from "../llm/messages.js";
import type { ToolResult } from "../tools/contract.js";

const MIN_KEPT = 200;

/**
 * Serialises a tool result for the LLM within `maxChars`. The longest strings are shortened first,
 * so the small fields beside them (offsets to read on from, counts, notes) survive; only when that
 * is not enough is the JSON text itself cut.
 */
export function toolResultContent(result: ToolResult, maxChars: number): string {
  let text = JSON.stringify(result);
  if (text.length <= maxChars) return text;

  const copy = JSON.parse(text) as unknown;
  for (let attempt = 0; attempt < 8 && text.length > maxChars; attempt++) {
    const longest = longestString(copy);
    if (!longest || longest.value.length <= MIN_KEPT) break;
    const keep = Math.max(MIN_KEPT, longest.value.length - (text.length - maxChars) - 60);
    longest.replace(`${cutAt(longest.value, keep)}…[${longest.value.length - keep} characters cut]`);
    text = JSON.stringify(copy);
  }
  if (text.length <= maxChars) return text;
  const note = `…[cut: the result had ${text.length} characters; ask for less]`;
  return cutAt(text, maxChars - note.length) + note;
}

export function toolMessage(callId: string, content: string): ChatMessage {
  return { role: "tool", tool_call_id: callId, content };
}

interface StringSlot {
  value: string;
  replace(value: string): void;
}

function longestString(root: unknown): StringSlot | undefined {
  let best: StringSlot | undefined;
  const visit = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    const container = node as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const value = container[key];
      if (typeof value === "string") {
        if (!best || value.length > best.value.length) {
          best = { value, replace: (next) => (container[key] = next) };
        }
      } else visit(value);
    }
  };
  visit(root);
  return best;
}

/** `text.slice(0, end)` without splitting a surrogate pair. */
function cutAt(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}
