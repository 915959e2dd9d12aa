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
  periods: {
    today: ["day", 0],
    yesterday: ["day", -1],
    "this week": ["week", 0],
    "last week": ["week", -1],
    "this month": ["month", 0],
    "last month": ["month", -1],
    "this year": ["year", 0],
    "last year": ["year", -1],
  },
  recent: [
    [/^(?:the )?(?:last|past)\s+(\d+)\s+days?$/i, "day"],
    [/^(?:the )?(?:last|past)\s+(\d+)\s+weeks?$/i, "week"],
    [/^(?:the )?(?:last|past)\s+(\d+)\s+months?$/i, "month"],
  ],
  phraseWords: [],
  clockWords: [],
  dayWords: {},
};
