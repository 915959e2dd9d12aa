import { Duration, type DurationLikeObject } from "luxon";
import { InputError } from "../input-error.js";
import { PACKS } from "../words/packs.js";
import { chineseNumber } from "./numerals.js";

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

/**
 * ISO 8601 ("P1DT2H", "-PT30M") or text ("3 days 4 hours", "1.5h", "2周", "一个半小时", "-2h"); a trailing
 * "ago"/"前" subtracts.
 */
export function parseDuration(text: string): Duration {
  const direction = /^(.+?)\s*(ago|earlier|前|以前|之前|later|后|以后|之后)$/i.exec(text.trim());
  const backwards = direction !== null && /^(ago|earlier|前|以前|之前)$/i.test(direction[2]!);
  const parsed = tryParseDuration(direction ? direction[1]! : text);
  const duration = backwards ? parsed?.negate() : parsed;
  if (!duration) {
    throw new InputError(
      `Could not understand the duration "${text}" (无法识别时长). Use ISO 8601 like "P1DT2H" or text like "3 days 4 hours", "90 minutes", "2周", "1年3个月", "2 Stunden", "une demi-heure"; a leading "-" subtracts ("-2h").`,
    );
  }
  return duration;
}

/** A duration in any pack's words ("eine halbe Stunde", "deux heures"), or undefined. */
export function tryParseDuration(raw: string): Duration | undefined {
  const duration = readDuration(raw);
  if (duration) return duration;
  const plain = plainDuration(raw);
  return plain === raw ? undefined : readDuration(plain);
}

const TIME_WORDS = Object.values(PACKS).map((pack) => pack.time);
const NUMBER_WORDS: Record<string, number> = Object.assign({}, ...TIME_WORDS.map((words) => words.numbers));
const UNIT_WORDS: Record<string, Unit> = Object.assign({}, ...TIME_WORDS.map((words) => words.units));
const JOINER_WORDS = new Set(TIME_WORDS.flatMap((words) => words.joiners));

/** Every pack's spoken amounts, number words and units made what `readDuration` reads ("zwei Stunden" → "2 hours"). */
function plainDuration(text: string): string {
  let plain = text.toLowerCase();
  for (const { amounts } of TIME_WORDS)
    for (const [spoken, said] of amounts) plain = plain.replace(spoken, said);
  return plain.replace(/\p{L}+(?:[-'’]\p{L}+)*/gu, (word) =>
    Object.hasOwn(NUMBER_WORDS, word)
      ? String(NUMBER_WORDS[word])
      : Object.hasOwn(UNIT_WORDS, word)
        ? UNIT_WORDS[word]!
        : JOINER_WORDS.has(word)
          ? "and"
          : word,
  );
}

function readDuration(raw: string): Duration | undefined {
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
