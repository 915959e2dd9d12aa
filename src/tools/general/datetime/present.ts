import { DateTime, Duration, type DurationUnit } from "luxon";
import { ToolError } from "../../contract.js";
import { detectLanguage } from "../../../words/detect.js";

/** How the datetime tool shows instants, differences and formatted dates, in English and Chinese. */

const EN = "en-US";
const ZH = "zh-CN";

export function point(value: DateTime) {
  return {
    iso: value.toISO({ suppressMilliseconds: true }),
    local: human(value, EN),
    localZh: human(value, ZH),
    timeZone: `${value.zoneName} (UTC${value.toFormat("ZZ")})`,
  };
}

/** Calendar facts of the day (what "星期几" and "第几周" ask). */
export function dayFacts(value: DateTime) {
  return {
    isoWeekday: value.weekday,
    isoWeek: `${value.weekYear}-W${String(value.weekNumber).padStart(2, "0")}`,
    dayOfYear: value.ordinal,
    daysInMonth: value.daysInMonth,
    isWeekend: value.weekday >= 6,
  };
}

function human(value: DateTime, locale: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: locale === ZH ? "h23" : "h12",
  };
  return value.setLocale(locale).toLocaleString(options);
}

const BREAKDOWN: DurationUnit[] = ["years", "months", "days", "hours", "minutes", "seconds"];

/** From `from` to `to`: calendar days, a breakdown, words in both languages and totals. */
export function diff(from: DateTime, to: DateTime) {
  const forward = to >= from;
  const [early, late] = forward ? [from, to] : [to, from];
  const parts = late.diff(early, BREAKDOWN).toObject();
  const kept = Object.fromEntries(
    Object.entries(parts)
      .map(([unit, amount]) => [unit, unit === "seconds" ? Math.round(amount ?? 0) : (amount ?? 0)] as const)
      .filter(([, amount]) => amount !== 0),
  );
  const exact = late.diff(early);
  const round = (n: number) => Math.round(n * 100) / 100;
  const calendarDays = Math.round(to.startOf("day").diff(from.setZone(to.zone).startOf("day"), "days").days);
  const words = (locale: string, same: string) =>
    Object.keys(kept).length === 0
      ? same
      : Duration.fromObject(kept, { locale }).toHuman({ listStyle: "narrow" });
  return {
    to: point(to),
    direction: forward ? "to is after from" : "to is before from",
    calendarDays,
    breakdown: kept,
    human: words(EN, "same moment"),
    humanZh: words(ZH, "同一时刻"),
    totalDays: round(exact.as("days")),
    totalHours: round(exact.as("hours")),
    totalMinutes: Math.round(exact.as("minutes")),
  };
}

const PRESETS: Record<string, (value: DateTime) => string> = {
  full: (value) => human(value, EN),
  date: (value) => value.setLocale(EN).toLocaleString(DateTime.DATE_HUGE),
  time: (value) => value.setLocale(EN).toLocaleString(DateTime.TIME_SIMPLE),
  iso: (value) => value.toISO({ suppressMilliseconds: true }) ?? "",
  rfc2822: (value) => value.toRFC2822() ?? "",
  http: (value) => value.toHTTP() ?? "",
  unix: (value) => String(Math.floor(value.toSeconds())),
};

/** A preset or Luxon tokens; names of days and months are Chinese when the pattern has Chinese in it. */
export function format(value: DateTime, pattern: string): string {
  const preset = PRESETS[pattern.trim().toLowerCase()];
  if (preset) return preset(value);
  if (pattern.length > 100) throw new ToolError("The format is too long (at most 100 characters).");
  return value.setLocale(detectLanguage(pattern) === "zh" ? ZH : EN).toFormat(pattern);
}
