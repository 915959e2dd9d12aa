import { THINKER_NOTES_HEADING, type NoteSource } from "../turn/note-source.js";
import type { HomeTime } from "../time/home-time.js";
import type { ThoughtStore } from "../store/thoughts.js";

/** The notes thoughts left for the next conversation (taken once), as a section of a turn's note. */
export function thoughtNotes(store: ThoughtStore, time: Pick<HomeTime, "now">): NoteSource {
  return ({ source }) => {
    if (source === "thinker") return undefined;
    const notes = store.takeNotes(time.now());
    if (notes.length === 0) return undefined;
    return `${THINKER_NOTES_HEADING}\n${notes.map((n) => `- ${n.text}`).join("\n")}`;
  };
}
