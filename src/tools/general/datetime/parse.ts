import * as chrono from "chrono-node";
import { DateTime, Duration, FixedOffsetZone, IANAZone, type DurationLikeObject } from "luxon";
import { ToolError } from "../../contract.js";

/** A date/time the tool understood, and how. */
export interface ResolvedDateTime {
  value: DateTime;
  /** "now", "iso", "unix", "relative" (a duration from now) or "phrase" (natural language). */
  kind: "now" | "iso" | "unix" | "relative" | "phrase";
  /** For phrases: the part of the input that was understood. */
  matchedText?: string;
  /** False when the input named only a day and the time of day was filled in. */
  timeSpecified: boolean;
  /** For phrases naming a range ("from 3 to 5pm"): its end. */
  end?: DateTime;
}

const EXAMPLES =
  'Use ISO 8601 like "2026-03-08T14:30" or "2026-03-08", or a phrase like "next Friday 3pm", "tomorrow 8am", "明天早上8点", "下周五下午三点", "3天后".';

/** Checks an IANA time-zone name (or "UTC", "UTC+8") and returns it normalized. */
export function checkZone(name: string): string {
  const trimmed = name.trim();
  if (/^(utc|gmt|z)$/i.test(trimmed)) return "UTC";
  const offset = /^(?:utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(trimmed);
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3] ?? 0)) * (offset[1] === "-" ? -1 : 1);
    if (Math.abs(minutes) <= 14 * 60) return FixedOffsetZone.instance(minutes).name;
  }
  if (IANAZone.isValidZone(trimmed)) return new IANAZone(trimmed).name;
  throw new ToolError(
    `Unknown time zone "${name}" (未知时区). Use an IANA name like Asia/Shanghai, America/New_York, Europe/London, or UTC+8.`,
  );
}

/**
 * Understands a date/time given as ISO 8601, a unix timestamp, a duration from now ("3天后",
 * "in 2 hours", "5 minutes ago") or a natural phrase in English or Chinese, relative to `now` in `zone`.
 */
export function resolveDateTime(input: string | undefined, zone: string, now: DateTime): ResolvedDateTime {
  const text = (input ?? "").trim();
  const current = now.setZone(zone);
  if (text === "" || /^(now|right now|现在|此刻|当前|目前)$/i.test(text)) {
    return { value: current, kind: "now", timeSpecified: true };
  }
  if (text.length > 200) throw new ToolError("The date/time text is too long (at most 200 characters).");

  if (/^\d{10}(\.\d+)?$/.test(text)) {
    return { value: DateTime.fromSeconds(Number(text), { zone }), kind: "unix", timeSpecified: true };
  }
  if (/^\d{13}$/.test(text)) {
    return { value: DateTime.fromMillis(Number(text), { zone }), kind: "unix", timeSpecified: true };
  }
  if (/^\d{4}-\d{2}/.test(text) || /^\d{8}T/.test(text)) {
    for (const parsed of [DateTime.fromISO(text, { zone }), DateTime.fromSQL(text, { zone })]) {
      if (parsed.isValid) return { value: parsed, kind: "iso", timeSpecified: /[T ]\d/.test(text) };
    }
    throw new ToolError(
      `Invalid date/time "${text}" (无效日期): ${DateTime.fromISO(text).invalidExplanation ?? ""}`,
    );
  }

  const relative = relativeFromNow(text, current);
  if (relative) return { value: relative, kind: "relative", timeSpecified: true };

  const phrase = parsePhrase(text, current, zone);
  if (phrase) return phrase;
  throw new ToolError(`Could not understand the date/time "${text}" (无法识别日期时间). ${EXAMPLES}`);
}

/** "3天后", "in 2 hours", "2 weeks from now", "5 minutes ago", "三个月前". */
function relativeFromNow(text: string, now: DateTime): DateTime | undefined {
  const later =
    /^(?:in\s+)?(.+?)\s*(?:later|from now|hence|后|以后|之后|过后)$/i.exec(text) ?? /^in\s+(.+)$/i.exec(text);
  const earlier = /^(.+?)\s*(?:ago|前|以前|之前)$/i.exec(text);
  const match = later ?? earlier;
  if (!match) return undefined;
  const duration = tryParseDuration(match[1]!);
  if (!duration) return undefined;
  return later ? now.plus(duration) : now.minus(duration);
}

/** Chinese (simplified) first for text with CJK characters, English otherwise. */
function parsePhrase(text: string, now: DateTime, zone: string): ResolvedDateTime | undefined {
  // chrono's time-zone handling is unreliable for relative Chinese phrases, so it works in the
  // machine's local time on a reference whose local wall clock equals the wall clock in `zone`;
  // the components it finds are then read as a wall-clock time in `zone`.
  const reference = new Date(
    now.year,
    now.month - 1,
    now.day,
    now.hour,
    now.minute,
    now.second,
    now.millisecond,
  );
  const cjk = /[\u3400-\u9fff]/.test(text);
  const parsers = cjk ? [zhParser, chrono.casual] : [chrono.casual, zhParser];
  for (const parser of parsers) {
    const [result] = parser.parse(text, reference, { forwardDate: true });
    if (!result) continue;
    return {
      value: toDateTime(result.start, zone),
      kind: "phrase",
      matchedText: result.text,
      timeSpecified: result.start.isCertain("hour"),
      end: result.end ? toDateTime(result.end, zone) : undefined,
    };
  }
  return undefined;
}

function toDateTime(components: chrono.ParsedComponents, zone: string): DateTime {
  const fields = {
    year: components.get("year") ?? undefined,
    month: components.get("month") ?? undefined,
    day: components.get("day") ?? undefined,
    hour: components.get("hour") ?? 0,
    minute: components.get("minute") ?? 0,
    second: components.get("second") ?? 0,
    millisecond: components.get("millisecond") ?? 0,
  };
  if (components.isCertain("timezoneOffset")) {
    const offset = components.get("timezoneOffset") ?? 0;
    return DateTime.fromObject(fields, { zone: FixedOffsetZone.instance(offset) }).setZone(zone);
  }
  return DateTime.fromObject(fields, { zone });
}

/** chrono's simplified-Chinese parser, taught a few common phrases it lacks. */
const zhParser = (() => {
  const parser = chrono.zh.hans.casual.clone();
  parser.parsers.push(
    {
      pattern: () => /大后天|大前天/,
      extract: (context, match) => {
        const day = DateTime.fromJSDate(context.refDate).plus({ days: match[0] === "大后天" ? 3 : -3 });
        return { year: day.year, month: day.month, day: day.day };
      },
    },
    {
      pattern: () => /(下|上|这|本)个?月\s*([0-9]{1,2}|[一二三四五六七八九十]{1,3})\s*[号日]/,
      extract: (context, match) => {
        const shift = match[1] === "下" ? 1 : match[1] === "上" ? -1 : 0;
        const month = DateTime.fromJSDate(context.refDate).startOf("month").plus({ months: shift });
        const day = Number.isNaN(Number(match[2])) ? chineseNumber(match[2]!) : Number(match[2]);
        if (!day || day > month.daysInMonth!) return null;
        return { year: month.year, month: month.month, day };
      },
    },
  );
  return parser;
})();

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 0–999 in Chinese numerals ("十五", "二十四", "一百零八"); undefined when not a number. */
export function chineseNumber(text: string): number | undefined {
  if (text === "") return undefined;
  let total = 0;
  let digit = 0;
  for (const char of text) {
    if (char in DIGITS) digit = DIGITS[char]!;
    else if (char === "十") {
      total += (digit || 1) * 10;
      digit = 0;
    } else if (char === "百") {
      total += (digit || 1) * 100;
      digit = 0;
    } else return undefined;
  }
  return total + digit;
}

type Unit = "years" | "months" | "weeks" | "days" | "hours" | "minutes" | "seconds";

const UNITS: Array<[RegExp, Unit]> = [
  [/^(y|yr|yrs|years?|年)$/i, "years"],
  [/^(mo|mos|mon|months?|月)$/i, "months"],
  [/^(w|wk|wks|weeks?|周|星期|礼拜)$/i, "weeks"],
  [/^(d|days?|天|日)$/i, "days"],
  [/^(h|hr|hrs|hours?|小时|钟头)$/i, "hours"],
  [/^(m|min|mins|minutes?|分钟|分)$/i, "minutes"],
  [/^(s|sec|secs|seconds?|秒|秒钟)$/i, "seconds"],
];

const TOKEN =
  /(\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百]+|半)\s*(个)?\s*(半)?\s*(years?|yrs?|y|months?|mons?|mos?|weeks?|wks?|w|days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s|年|月|周|星期|礼拜|天|日|小时|钟头|分钟|分|秒钟|秒)(?![a-z])/giy;

/** ISO 8601 ("P1DT2H", "-PT30M") or text ("3 days 4 hours", "1.5h", "2周", "一个半小时", "-2h"). */
export function parseDuration(text: string): Duration {
  const duration = tryParseDuration(text);
  if (!duration) {
    throw new ToolError(
      `Could not understand the duration "${text}" (无法识别时长). Use ISO 8601 like "P1DT2H" or text like "3 days 4 hours", "90 minutes", "2周", "1年3个月".`,
    );
  }
  return duration;
}

function tryParseDuration(raw: string): Duration | undefined {
  let text = raw.trim();
  const negative = text.startsWith("-");
  if (negative || text.startsWith("+")) text = text.slice(1).trim();
  if (/^P/i.test(text)) {
    const iso = Duration.fromISO(text.toUpperCase());
    if (!iso.isValid) return undefined;
    return negative ? iso.negate() : iso;
  }
  const values: Partial<Record<Unit, number>> = {};
  TOKEN.lastIndex = 0;
  let position = 0;
  let found = false;
  while (position < text.length) {
    const separator = /(?:\s|,|，|、|和|又|and\b)*/iy;
    separator.lastIndex = position;
    separator.exec(text);
    position = separator.lastIndex;
    if (position >= text.length) break;
    TOKEN.lastIndex = position;
    const match = TOKEN.exec(text);
    if (!match) return undefined;
    position = TOKEN.lastIndex;
    const [, number, , half, unitText] = match;
    let amount = number === "半" ? 0.5 : /\d/.test(number!) ? Number(number) : chineseNumber(number!);
    if (amount === undefined || !Number.isFinite(amount)) return undefined;
    if (half) amount += 0.5;
    const unit = UNITS.find(([pattern]) => pattern.test(unitText!))?.[1];
    if (!unit) return undefined;
    values[unit] = (values[unit] ?? 0) + amount;
    found = true;
  }
  if (!found) return undefined;
  const whole = spreadFractions(values);
  if (!whole) return undefined;
  const duration = Duration.fromObject(whole);
  return negative ? duration.negate() : duration;
}

const SMALLER: Partial<Record<Unit, [Unit, number]>> = {
  years: ["months", 12],
  weeks: ["days", 7],
  days: ["hours", 24],
  hours: ["minutes", 60],
  minutes: ["seconds", 60],
};

/** Turns "1.5 days" into 1 day 12 hours, so calendar arithmetic stays exact. */
function spreadFractions(values: Partial<Record<Unit, number>>): DurationLikeObject | undefined {
  const result: Record<string, number> = { ...values };
  for (const unit of ["years", "months", "weeks", "days", "hours", "minutes", "seconds"] as Unit[]) {
    const value = result[unit];
    if (value === undefined || Number.isInteger(value)) continue;
    const whole = Math.trunc(value);
    const fraction = value - whole;
    result[unit] = whole;
    const smaller = SMALLER[unit];
    if (smaller) result[smaller[0]] = (result[smaller[0]] ?? 0) + fraction * smaller[1];
    else if (unit === "seconds") result.milliseconds = Math.round(fraction * 1000);
    else return undefined; // fractional months have no exact length
  }
  for (const unit of Object.keys(result)) if (result[unit] === 0) delete result[unit];
  return Object.keys(result).length ? result : { seconds: 0 };
}
