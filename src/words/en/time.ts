import type { TimeWords } from "../time-words.js";

/* English, as Cyrene's datetime tool has read it since it was written; chrono's casual parser reads the rest. */
export const time: TimeWords = {
  now: ["now", "right now"],
  later: [/^(?:in\s+)?(.+?)\s*(?:later|from now|hence)$/i, /^in\s+(.+)$/i],
  earlier: [/^(.+?)\s*ago$/i],
  amounts: [],
  numbers: {},
  units: {},
  joiners: [],
  pastCue: /\b(?:last|past|previous|ago)\b/i,
  examples: ["next Friday 3pm", "in 2 hours"],
  phraseWords: [],
  clockWords: [],
  dayWords: {},
};
