import type { ChatMessage } from "../llm/messages.js";
import type { TurnProvenance } from "../turn/provenance.js";

/**
 * Starts a turn's provenance from the messages its loop runs on: the person's words are the turn's user
 * message (unless the entry point set them: a thought's prompt), and outside text already in the history
 * counts as read: a tool result marked untrusted, or one that is not Cyrene's own (a client's tool).
 */
export function startProvenance(provenance: TurnProvenance, messages: ChatMessage[]): void {
  const last = messages.findLast((m) => m.role === "user");
  provenance.adoptWords(typeof last?.content === "string" ? last.content : "");
  for (const message of messages) {
    if (message.role !== "tool" || typeof message.content !== "string") continue;
    if (outside(message.content)) provenance.read("history", message.content);
  }
}

function outside(content: string): boolean {
  try {
    const result = JSON.parse(content) as { success?: unknown; untrusted?: unknown };
    return (
      typeof result !== "object" ||
      result === null ||
      typeof result.success !== "boolean" ||
      result.untrusted === true
    );
  } catch {
    return true;
  }
}
