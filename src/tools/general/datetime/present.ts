import { DateTime, Duration, type DurationUnit } from "luxon";
import { ToolError } from "../../contract.js";

/** How the datetime tool shows instants, differences and formatted dates. */

export type Locale = "en" | "zh";

export function point(value: DateTime, locale: Locale) {
  return {
    iso: value.toISO({ suppressMilliseconds: true }),
    local: human(value, locale),
    timeZone: `${value.zoneName} (UTC${value.toFormat("ZZ")})`,
  };
}

export function human(value: DateTime, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: locale === "zh" ? "h23" : "h12",
  };
  return value.setLocale(locale === "zh" ? "zh-CN" : "en-US").toLocaleString(options);
}

const BREAKDOWN: DurationUnit[] = ["years", "months", "days", "hours", "minutes", "seconds"];

export function diff(from: DateTime, to: DateTime, locale: Locale) {
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
  return {
    from: point(from, locale),
    to: point(to, locale),
    direction: forward ? "to is after from" : "to is before from",
    calendarDays,
    breakdown: kept,
    human:
      Object.keys(kept).length === 0
        ? locale === "zh"
          ? "同一时刻"
          : "same moment"
        : Duration.fromObject(kept, { locale: locale === "zh" ? "zh-CN" : "en-US" }).toHuman({
            listStyle: "narrow",
          }),
    totalDays: round(exact.as("days")),
    totalHours: round(exact.as("hours")),
    totalMinutes: Math.round(exact.as("minutes")),
  };
}

const PRESETS: Record<string, (value: DateTime, locale: Locale) => string> = {
  full: (value, locale) => human(value, locale),
  date: (value, locale) =>
    value.setLocale(locale === "zh" ? "zh-CN" : "en-US").toLocaleString(DateTime.DATE_HUGE),
  time: (value, locale) =>
    value.setLocale(locale === "zh" ? "zh-CN" : "en-US").toLocaleString(DateTime.TIME_SIMPLE),
  iso: (value) => value.toISO({ suppressMilliseconds: true }) ?? "",
  rfc2822: (value) => value.toRFC2822() ?? "",
  http: (value) => value.toHTTP() ?? "",
  unix: (value) => String(Math.floor(value.toSeconds())),
};

export function format(value: DateTime, pattern: string, locale: Locale): string {
  const preset = PRESETS[pattern.trim().toLowerCase()];
  if (preset) return preset(value, locale);
  if (pattern.length > 100) throw new ToolError("The format is too long (at most 100 characters).");
  return value.setLocale(locale === "zh" ? "zh-CN" : "en-US").toFormat(pattern);
}
