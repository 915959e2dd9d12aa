import { DateTime } from "luxon";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { requireField } from "../fields.js";
import { lunarOf, lunarYearOf, solarOfLunar, solarTerms } from "./datetime/lunar.js";
import { checkZone, parseDuration, resolveDateTime } from "./datetime/parse.js";
import { diff, format, point, type Locale } from "./datetime/present.js";

export interface DatetimeOptions {
  /** The home's IANA time zone (read on every call, so a changed setting applies at once). */
  timeZone: () => string;
  /** The current instant; tests pass a fixed one. */
  now?: () => Date;
}

const OPERATIONS = [
  "now",
  "parse",
  "convert",
  "add",
  "subtract",
  "diff",
  "weekday",
  "format",
  "lunar",
  "from_lunar",
  "solar_terms",
] as const;

const parameters = z.object({
  operation: z
    .enum(OPERATIONS)
    .describe(
      "now: current date/time. parse: turn `datetime` (a phrase) into an exact date/time. " +
        "convert: `datetime` (read in time_zone) shown in to_time_zone. add / subtract: `datetime` (default now) ± `duration`. " +
        "diff: time from `datetime` (default now) to `target` (还有几天/倒计时). weekday: 星期几, ISO week, day of year. " +
        "format: `datetime` in `format`. lunar: Chinese lunar date (农历/干支/生肖/节日) of `datetime` (default today). " +
        "from_lunar: Gregorian date of lunar_month/lunar_day (e.g. 中秋 = 8/15, 春节 = 1/1). " +
        "solar_terms: current and next 节气 for `datetime`; with `year`, all 24 of that year.",
    ),
  datetime: z
    .string()
    .optional()
    .describe(
      'A date/time: ISO 8601 ("2026-03-08T14:30", "2026-03-08", with or without offset), a unix timestamp, or a phrase ' +
        'in English or Chinese ("next Friday 3pm", "tomorrow 8am", "in 3 hours", "明天早上8点", "下周五下午三点", "3天后"). ' +
        "Read in time_zone. Omit for now.",
    ),
  target: z.string().optional().describe("diff only: the second date/time, same forms as `datetime`."),
  time_zone: z
    .string()
    .optional()
    .describe(
      "IANA time zone (e.g. Asia/Shanghai, America/New_York, UTC+8) to read and show times in. Omit for the home's zone.",
    ),
  to_time_zone: z.string().optional().describe("convert only: the IANA time zone to convert into."),
  duration: z
    .string()
    .optional()
    .describe(
      'add/subtract only: ISO 8601 ("P1DT2H") or text ("3 days 4 hours", "90 minutes", "1.5h", "2周", "1年3个月").',
    ),
  format: z
    .string()
    .optional()
    .describe(
      'format only: a preset (full, date, time, iso, rfc2822, http, unix) or Luxon tokens, e.g. "yyyy-MM-dd HH:mm", "EEEE", "MMM d".',
    ),
  locale: z
    .enum(["en", "zh"])
    .optional()
    .describe('Language of human-readable strings: "zh" for Chinese users. Default "en".'),
  lunar_year: z
    .number()
    .int()
    .min(1901)
    .max(2099)
    .optional()
    .describe("from_lunar only: the lunar year (2026 for 丙午年). Default: the current one."),
  lunar_month: z
    .number()
    .int()
    .min(1)
    .max(12)
    .optional()
    .describe("from_lunar only: lunar month 1–12 (正月 = 1, 腊月 = 12)."),
  lunar_day: z.number().int().min(1).max(30).optional().describe("from_lunar only: lunar day 1–30."),
  leap_month: z.boolean().optional().describe("from_lunar only: true for a leap month (闰月)."),
  year: z
    .number()
    .int()
    .min(1901)
    .max(2099)
    .optional()
    .describe("solar_terms only: list all 24 solar terms of this Gregorian year."),
});

type Args = z.output<typeof parameters>;

/** A text parameter given as "" says nothing: it counts as missing. */
const TEXT_FIELD = { emptyIsMissing: true };

const DESCRIPTION =
  "Dates, times and calendars (日期/时间/时区/农历/节气): the current time in the home's time zone or any zone; " +
  'understanding phrases like "next Friday 3pm", "明天早上8点", "3天后"; converting between time zones; adding or ' +
  "subtracting durations; the time between two dates (还有几天/倒计时); weekdays (星期几); formatting; the Chinese " +
  "lunar calendar (农历, 干支, 生肖, 春节/中秋 dates) and the 24 solar terms (节气). Use it instead of guessing any date or " +
  "weekday. Not for setting timers or reminders, and not for plain number arithmetic (use the calculator).";

/** A date/time tool; `timeZone()` gives the home's IANA zone. */
export function datetimeTool(options: DatetimeOptions): Tool {
  const clock = options.now ?? (() => new Date());
  return defineTool({
    name: "datetime",
    description: DESCRIPTION,
    parameters,
    execute(args, ctx) {
      let home = "UTC";
      try {
        home = checkZone(options.timeZone());
      } catch {
        ctx.logger.warn({ timeZone: options.timeZone() }, "invalid home time zone; using UTC");
      }
      const zone = args.time_zone ? checkZone(args.time_zone) : home;
      return run(args, zone, DateTime.fromJSDate(clock()).setZone(zone));
    },
  });
}

function run(args: Args, zone: string, now: DateTime): unknown {
  const locale: Locale = args.locale ?? "en";
  const at = () => resolveDateTime(args.datetime, zone, now);
  switch (args.operation) {
    case "now":
      return { ...point(now, locale), unix: Math.floor(now.toSeconds()) };
    case "parse": {
      const resolved = at();
      return {
        ...(resolved.matchedText !== undefined ? { understood: resolved.matchedText } : {}),
        ...point(resolved.value, locale),
        timeSpecified: resolved.timeSpecified,
        ...(resolved.end ? { end: point(resolved.end, locale) } : {}),
      };
    }
    case "convert": {
      const target = checkZone(requireField(args.to_time_zone, "to_time_zone", "convert", TEXT_FIELD));
      const from = at().value;
      const to = from.setZone(target);
      return {
        from: point(from, locale),
        to: point(to, locale),
        offsetDifferenceHours: (to.offset - from.offset) / 60,
      };
    }
    case "add":
    case "subtract": {
      const duration = parseDuration(requireField(args.duration, "duration", args.operation, TEXT_FIELD));
      const from = at().value;
      const result = args.operation === "add" ? from.plus(duration) : from.minus(duration);
      if (!result.isValid) throw new ToolError("The result is out of the supported date range.");
      return { from: point(from, locale), duration: duration.toISO(), result: point(result, locale) };
    }
    case "diff": {
      const from = at().value;
      const target = requireField(args.target, "target", "diff", TEXT_FIELD);
      return diff(from, resolveDateTime(target, zone, now).value, locale);
    }
    case "weekday": {
      const day = at().value;
      return {
        date: day.toISODate(),
        weekday: day.setLocale(locale === "zh" ? "zh-CN" : "en-US").toFormat("cccc"),
        isoWeekday: day.weekday,
        isoWeek: `${day.weekYear}-W${String(day.weekNumber).padStart(2, "0")}`,
        dayOfYear: day.ordinal,
        daysInMonth: day.daysInMonth,
        isWeekend: day.weekday >= 6,
      };
    }
    case "format":
      return { formatted: format(at().value, args.format ?? "full", locale) };
    case "lunar":
      return lunarOf(at().value);
    case "from_lunar": {
      const month = requireField(args.lunar_month, "lunar_month", "from_lunar");
      const day = requireField(args.lunar_day, "lunar_day", "from_lunar");
      const date = solarOfLunar(args.lunar_year ?? lunarYearOf(now), month, day, args.leap_month ?? false);
      const local = date.setZone(zone, { keepLocalTime: true });
      return {
        ...lunarOf(local),
        weekday: local.setLocale(locale === "zh" ? "zh-CN" : "en-US").toFormat("cccc"),
        daysFromToday: Math.round(local.diff(now.startOf("day"), "days").days),
      };
    }
    case "solar_terms":
      return solarTerms(at().value, args.year);
  }
}
