import type { TimeWords } from "../time-words.js";

/*
 * Chinese, as Cyrene's datetime tool has read it since it was written: the units and numerals are read by
 * the duration parser itself (time/duration.ts, numerals.ts), the rest by chrono's zh.hans parser.
 */
export const time: TimeWords = {
  now: ["现在", "此刻", "当前", "目前"],
  later: [/^(.+?)\s*(?:后|以后|之后|过后)$/],
  earlier: [/^(.+?)\s*(?:前|以前|之前)$/],
  amounts: [],
  numbers: {},
  units: {},
  joiners: [],
  examples: ["明天早上8点", "3天后", "农历八月十五"],
  phraseWords: [],
  clockWords: [],
  dayWords: {},
};
