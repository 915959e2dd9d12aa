import type { ChatMessage } from "../llm/messages.js";
import type { TurnProvenance } from "../turn/provenance.js";
import { OUTSIDE_RESULTS_HEADING } from "./background-jobs.js";
import { THINKER_NOTES_HEADING } from "../turn/note-source.js";

/**
 * Starts a turn's provenance from the messages its loop runs on: the person's words are the turn's user
 * message (unless the entry point set them: a thought's prompt), and outside text already in the history
 * counts as read: a tool result marked untrusted, or one that is not Cyrene's own (a client's tool).
 */
export function startProvenance(provenance: TurnProvenance, messages: ChatMessage[]): void {
  const last = messages.findLast((m) => m.role === "user");
  provenance.adoptWords(typeof last?.content === "string" ? last.content : "");
  for (const message of messages) {
    if (typeof message.content !== "string") continue;
    if (message.role === "tool" && outside(message.content)) provenance.read("history", message.content);
    if (message.role === "system" && carriesOutside(message.content))
      provenance.read("turn note", message.content);
  }
}

/**
 * A turn note that carries outside text: background results marked untrusted, or the Thinker's notes,
 * whose words a thought may have taken from what it read.
 */
function carriesOutside(content: string): boolean {
  return content.includes(OUTSIDE_RESULTS_HEADING) || content.includes(THINKER_NOTES_HEADING);
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
