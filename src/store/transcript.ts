import { createHash } from "node:crypto";

/**
 * The conversation as a client saw it, one short hash per user or assistant text, for clients that send
 * the whole history back each time and no id (OpenAI clients, HA's Ollama integration). Only letters and
 * digits count, so what clients change on the way — trailing whitespace, CRLF, re-rendered Markdown,
 * stripped emoji — does not matter; the client's system messages (HA puts the clock there) and tool
 * traffic take no part.
 */
export type SeenMessage = { role: string; content: string };

export function seenHashes(messages: SeenMessage[]): string[] {
  return messages.filter((m) => m.role === "user" || m.role === "assistant").map(hashOf);
}

function hashOf(message: SeenMessage): string {
  const letters = message.content.normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, "");
  return createHash("sha256").update(`${message.role}\u0000${letters}`).digest("base64url").slice(0, 16);
}

/** Whether `history` is the end of what the conversation showed: the whole of it, or a trimmed tail. */
export function continues(seen: readonly string[], history: readonly string[]): boolean {
  if (history.length === 0 || history.length > seen.length) return false;
  const offset = seen.length - history.length;
  return history.every((hash, i) => seen[offset + i] === hash);
}
