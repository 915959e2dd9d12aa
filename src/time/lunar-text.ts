import type { DateTime } from "luxon";
import { InputError } from "../input-error.js";
import { lunarYearOf, solarOfLunar } from "./lunar.js";
import { anyNumber, chineseNumber } from "./numerals.js";

/** A lunar date as written: "农历八月十五", "2025年闰六月初一", "lunar 2025-闰6-1", "中秋", "除夕". */
export interface LunarDate {
  /** The lunar year (2026 for 丙午); absent means the next occurrence from today. */
  year?: number;
  month: number;
  day: number;
  leap: boolean;
  /** 除夕: the day before 正月初一. */
  eve?: boolean;
}

const EXAMPLES = 'Use e.g. "农历八月十五", "农历2025-闰6-1", "lunar 8-15", "中秋", "除夕".';

const FESTIVALS: Array<[RegExp, Omit<LunarDate, "year">]> = [
  [
    /^(春节|过年|大年初一|chinese new year|lunar new year|spring festival)$/i,
    { month: 1, day: 1, leap: false },
  ],
  [/^(元宵节?|lantern festival)$/i, { month: 1, day: 15, leap: false }],
  [/^(龙抬头)$/, { month: 2, day: 2, leap: false }],
  [/^(端午节?|dragon boat festival)$/i, { month: 5, day: 5, leap: false }],
  [/^(七夕节?|qixi( festival)?)$/i, { month: 7, day: 7, leap: false }],
  [/^(中元节?)$/, { month: 7, day: 15, leap: false }],
  [/^(中秋节?|mid-?autumn( festival)?)$/i, { month: 8, day: 15, leap: false }],
  [/^(重阳节?)$/, { month: 9, day: 9, leap: false }],
  [/^(腊八节?)$/, { month: 12, day: 8, leap: false }],
  [/^(小年)$/, { month: 12, day: 23, leap: false }],
  [/^(除夕|大年三十|chinese new year'?s eve)$/i, { month: 1, day: 1, leap: false, eve: true }],
];

const MONTH_NAMES: Record<string, number> = { 正: 1, 冬: 11, 腊: 12 };

const MARKER = /^(?:农历|阴历|旧历|lunar)\s*/i;
const YEAR = /^(\d{4})\s*(?:年|[-/.]|\s)\s*(?:的)?\s*/;
const MONTH_DAY =
  /^(闰|leap\s*)?(\d{1,2}|[正一二三四五六七八九十冬腊]{1,3})\s*(?:月|[-/.])\s*(\d{1,2}|初[一二三四五六七八九十]|廿[一二三四五六七八九]?|卅|[一二三四五六七八九十]{1,3})\s*[日号]?$/i;

/** Reads a lunar date, or undefined when the text is not one (it is then some other date/time). */
export function readLunarDate(input: string): LunarDate | undefined {
  let text = input.trim();
  let marked = MARKER.test(text);
  text = text.replace(MARKER, "");
  const year = YEAR.exec(text);
  if (year) text = text.slice(year[0].length);
  marked ||= MARKER.test(text);
  text = text.replace(MARKER, "");
  const festival = FESTIVALS.find(([pattern]) => pattern.test(text))?.[1];
  const written = festival ? undefined : MONTH_DAY.exec(text);
  const lunarOnly = written && /闰|leap|正|冬|腊|初|廿|卅/i.test(text);
  if (!marked && !festival && !lunarOnly) return undefined;
  const date = festival ?? (written ? checked(written) : undefined);
  if (!date)
    throw new InputError(`Could not understand the lunar date "${input}" (无法识别农历日期). ${EXAMPLES}`);
  return year ? { ...date, year: Number(year[1]) } : date;
}

function checked([, leap, monthText, dayText]: RegExpExecArray): Omit<LunarDate, "year"> {
  const month = MONTH_NAMES[monthText!] ?? anyNumber(monthText!);
  const day = lunarDay(dayText!);
  if (!month || month > 12)
    throw new InputError(`Lunar months are 1–12 (正月 = 1, 腊月 = 12; 农历月份为1–12). ${EXAMPLES}`);
  if (!day || day > 30)
    throw new InputError(`Lunar days are 1–30 (初一 = 1, 三十 = 30; 农历日期为1–30). ${EXAMPLES}`);
  return { month, day, leap: leap !== undefined };
}

/** "初五" = 5, "十五" = 15, "廿三" = 23, "卅" = 30, "15" = 15. */
function lunarDay(text: string): number | undefined {
  if (text.startsWith("初")) return chineseNumber(text.slice(1));
  if (text.startsWith("廿")) return 20 + (chineseNumber(text.slice(1)) ?? 0);
  if (text === "卅") return 30;
  return anyNumber(text);
}

/** The Gregorian day of a lunar date; without a year, its next occurrence from `today` on. */
export async function resolveLunarDate(date: LunarDate, today: DateTime): Promise<DateTime> {
  const dayOf = async (year: number) => {
    const day = await solarOfLunar(year, date.month, date.day, date.leap);
    return day && date.eve ? day.minus({ days: 1 }) : day;
  };
  const start = today.startOf("day");
  const thisYear = date.year ?? (await lunarYearOf(start));
  const candidates = date.year !== undefined ? [date.year] : [thisYear, thisYear + 1];
  const found: DateTime[] = [];
  for (const year of candidates) {
    const day = await dayOf(year);
    if (day) found.push(day.setZone(today.zone, { keepLocalTime: true }));
  }
  const next = found.find((day) => day >= start) ?? found[0];
  if (next) return next;
  const what = `${date.leap ? "闰" : ""}${date.month}月${date.day}日`;
  const years = candidates.join("/");
  throw new InputError(
    date.leap
      ? `No such lunar date: ${years}年${what} (农历无此日期): that year has no leap month ${date.month}. Give the year that has it, e.g. "农历2025-闰6-1".`
      : `No such lunar date: ${years}年${what} (农历无此日期): that month has only 29 days. Use day 29 or another year.`,
  );
}
