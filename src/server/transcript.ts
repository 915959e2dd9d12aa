import { createHash } from "node:crypto";
import type { ChatMessage } from "../llm/messages.js";

/**
 * A fingerprint of the conversation as the client sees it: its own system messages and the user and
 * assistant text, plus the OpenAI `user` field when it sends one. Tool traffic never reaches such a
 * client, so it plays no part.
 */
export function transcriptHash(caller: string, messages: ChatMessage[]): string {
  const hash = createHash("sha256").update(caller);
  for (const message of messages) {
    if (typeof message.content !== "string") continue;
    hash.update(`\u0000${message.role}\u0000${message.content}`);
  }
  return hash.digest("hex");
}
