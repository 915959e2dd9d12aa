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
  periods: {
    今天: ["day", 0],
    今日: ["day", 0],
    昨天: ["day", -1],
    昨日: ["day", -1],
    前天: ["day", -2],
    本周: ["week", 0],
    这周: ["week", 0],
    这个星期: ["week", 0],
    这礼拜: ["week", 0],
    本星期: ["week", 0],
    上周: ["week", -1],
    上星期: ["week", -1],
    上个星期: ["week", -1],
    上礼拜: ["week", -1],
    上个礼拜: ["week", -1],
    上上周: ["week", -2],
    上上星期: ["week", -2],
    上上个星期: ["week", -2],
    本月: ["month", 0],
    这个月: ["month", 0],
    上月: ["month", -1],
    上个月: ["month", -1],
    今年: ["year", 0],
    本年: ["year", 0],
    去年: ["year", -1],
  },
  recent: [
    [/^(?:最近|近|过去)\s*([\d一二两三四五六七八九十]+)\s*(?:个)?\s*(?:天|日)$/, "day"],
    [/^(?:最近|近|过去)\s*([\d一二两三四五六七八九十]+)\s*(?:个)?\s*(?:周|星期|礼拜)$/, "week"],
    [/^(?:最近|近|过去)\s*([\d一二两三四五六七八九十]+)\s*(?:个)?\s*月$/, "month"],
  ],
  phraseWords: [],
  clockWords: [],
  dayWords: {},
};
