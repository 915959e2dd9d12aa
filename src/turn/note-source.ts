import type { ChatMessage } from "../llm/messages.js";
import type { TurnContext } from "./context.js";

/**
 * A part that adds a paragraph to a turn's note (the Thinker's notes, the remembered facts), asked at the
 * start of every turn; it answers a paragraph or nothing.
 */
export type NoteSource = (turn: NoteTurn) => string | undefined;

/** What a note source is told of the turn; `window` is the history the LLM still sees from before it. */
export interface NoteTurn extends TurnContext {
  window: ChatMessage[];
}

/** How the Thinker's notes open in a turn's note (the provenance counts them as outside text). */
export const THINKER_NOTES_HEADING = "Notes from your background thinking, to mention where it fits:";

/** The newest note (a stored system message) in `window` that contains `marker`. */
export function latestNoteWith(window: ChatMessage[], marker: string): string | undefined {
  for (let i = window.length - 1; i >= 0; i--) {
    const { role, content } = window[i]!;
    if (role === "system" && typeof content === "string" && content.includes(marker)) return content;
  }
  return undefined;
}
