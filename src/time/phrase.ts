import type { Chrono, ParsedComponents, ParsedResult } from "chrono-node";
import { DateTime, FixedOffsetZone } from "luxon";
import { lazy } from "../lazy.js";
import { anyNumber } from "./numerals.js";
import { detectLanguage } from "../words/detect.js";
import { PACK_LANGUAGES, packLanguage, type PackLanguage } from "../words/language.js";
import { PACKS } from "../words/packs.js";
import type { TimeWords } from "../words/time-words.js";

/** A natural-language date/time, as chrono understood it. */
export interface Phrase {
  value: DateTime;
  matchedText: string;
  timeSpecified: boolean;
  end?: DateTime;
  /** The phrase was read whole and names a time of day only, no day ("um 7 Uhr", "à 8h", "at 9"). */
  timeOfDayOnly: boolean;
}

/** chrono-node is large; it loads with the first phrase to understand. One parser per pack language. */
const parsers = lazy(async (): Promise<Record<PackLanguage, Chrono>> => {
  const chrono = await import("chrono-node");
  return {
    en: chrono.casual,
    zh: teachChinese(chrono.zh.hans.casual.clone()),
    de: teach(chrono.de.casual.clone(), PACKS.de.time),
    fr: teach(chrono.fr.casual.clone(), PACKS.fr.time),
  };
});

/**
 * The phrase as the parser of each pack language reads it; the reading that covers the most of the text
 * wins, so that a parser reading a fragment ("5 minutes" of "il y a 5 minutes") loses to the one reading it
 * whole. Ties go to the turn's language when it is known, else to the one the text shows (words/detect.ts),
 * then to en, zh, de, fr. A day one parser reads and a time of day another reads elsewhere in the same text
 * ("明天 3pm") make one time.
 */
export async function parsePhrase(
  text: string,
  now: DateTime,
  zone: string,
  language?: string,
): Promise<Phrase | undefined> {
  const chronos = await parsers();
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
  const first = packLanguage(language) ?? detectLanguage(text);
  const order = first ? [first, ...PACK_LANGUAGES.filter((other) => other !== first)] : PACK_LANGUAGES;
  // Forward by default ("monday" is the coming one), but "last monday" is the one just past.
  const forwardDate = !Object.values(PACKS).some(({ time }) => time.pastCue?.test(text));
  const readings: Reading[] = [];
  for (const candidate of order) {
    const read = readable(text, PACKS[candidate].time);
    const [result] = chronos[candidate].parse(read, reference, { forwardDate });
    if (result) readings.push({ read, result, coverage: result.text.length / read.trim().length });
  }
  const best = readings.reduce<Reading | undefined>(
    (chosen, reading) => (!chosen || reading.coverage > chosen.coverage ? reading : chosen),
    undefined,
  );
  if (!best) return undefined;
  const other = readings.find((reading) => complements(best, reading));
  if (other) {
    const [day, time] =
      shape(best.result) === "day" ? [best.result, other.result] : [other.result, best.result];
    const [firstText, secondText] = day.index < time.index ? [day.text, time.text] : [time.text, day.text];
    return {
      value: toDateTime(day.start, zone).set({
        hour: time.start.get("hour") ?? 0,
        minute: time.start.get("minute") ?? 0,
        second: time.start.get("second") ?? 0,
        millisecond: 0,
      }),
      matchedText: `${firstText.trim()} ${secondText.trim()}`,
      timeSpecified: true,
      timeOfDayOnly: false,
    };
  }
  const { result } = best;
  return {
    value: toDateTime(result.start, zone),
    matchedText: result.text,
    timeSpecified: result.start.isCertain("hour"),
    end: result.end ? toDateTime(result.end, zone) : undefined,
    timeOfDayOnly:
      result.start.isCertain("hour") &&
      !DAY_PARTS.some((part) => result.start.isCertain(part)) &&
      best.coverage === 1,
  };
}

const DAY_PARTS = ["day", "weekday", "month", "year"] as const;

interface Reading {
  /** The text as this parser read it (its number words as digits). */
  read: string;
  result: ParsedResult;
  /** How much of the text the reading covers, 0–1. */
  coverage: number;
}

/** A reading of a day only ("明天"), of a time of day only ("3pm"), or of something else. */
function shape(result: ParsedResult): "day" | "time" | "other" {
  const hour = result.start.isCertain("hour");
  const day = DAY_PARTS.some((part) => result.start.isCertain(part));
  return day && !hour && !result.end ? "day" : hour && !day && !result.end ? "time" : "other";
}

/** Whether two readings of the same text are a day and a time of day at different places in it. */
function complements(one: Reading, other: Reading): boolean {
  const shapes = new Set([shape(one.result), shape(other.result)]);
  if (one.read !== other.read || !shapes.has("day") || !shapes.has("time")) return false;
  const [a, b] = [one.result, other.result];
  return a.index + a.text.length <= b.index || b.index + b.text.length <= a.index;
}

/**
 * The text as a language's chrono parser reads it best: its number words as digits ("um neun" → "um 9")
 * and its other words in the form the parser knows ("morgen früh" → "morgen Vormittag").
 */
function readable(text: string, words: TimeWords): string {
  let read = text.replace(/\p{L}+(?:[-'’]\p{L}+)*/gu, (word) => {
    const value = words.numbers[word.toLowerCase()];
    return value === undefined ? word : String(value);
  });
  for (const [said, known] of words.phraseWords) read = read.replace(said, known);
  return read;
}

/**
 * Teaches a parser what its pack says it lacks: one-word days ("après-demain") and clock times in words
 * ("halb 8", "midi"). First, so they win over a shorter match of the same words.
 */
function teach(parser: Chrono, words: TimeWords): Chrono {
  const days = Object.keys(words.dayWords).sort((a, b) => b.length - a.length);
  if (days.length) {
    const pattern = new RegExp(`(?<!\\p{L})(${days.map(escape).join("|")})(?!\\p{L})`, "iu");
    parser.parsers.unshift({
      pattern: () => pattern,
      extract: (context, match) => {
        const offset = words.dayWords[match[1]!.toLowerCase()] ?? 0;
        const day = DateTime.fromJSDate(context.refDate).plus({ days: offset });
        return { year: day.year, month: day.month, day: day.day };
      },
    });
  }
  for (const clock of [...words.clockWords].reverse()) {
    parser.parsers.unshift({
      pattern: () => clock.pattern,
      extract: (_, match) => {
        const said = match[1] === undefined ? clock.hour : Number(match[1]) + (clock.hourShift ?? 0);
        if (said === undefined || said < 0 || said > 24) return null;
        // "halb eins" is half past twelve.
        return { hour: said === 0 && match[1] !== undefined ? 12 : said % 24, minute: clock.minute };
      },
    });
  }
  return parser;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function toDateTime(components: ParsedComponents, zone: string): DateTime {
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

const WEEKDAYS = "一二三四五六";

/** Teaches chrono's simplified-Chinese parser a few common phrases it lacks or gets wrong. */
function teachChinese(parser: Chrono): Chrono {
  // A Chinese week runs Monday to Sunday: 上周日 is yesterday-week's Sunday, the day before this Monday
  // (chrono counts from Sunday and lands a week early; 下周日 a week late). First, so it wins ties.
  parser.parsers.unshift({
    pattern: () => /(上|下|这|本)个?(?:周|星期|礼拜)([一二三四五六日天])/,
    extract: (context, match) => {
      const weeks = match[1] === "上" ? -1 : match[1] === "下" ? 1 : 0;
      const weekday = WEEKDAYS.indexOf(match[2]!) + 1 || 7;
      const day = DateTime.fromJSDate(context.refDate)
        .startOf("week", { useLocaleWeeks: false })
        .plus({ weeks, days: weekday - 1 });
      return { year: day.year, month: day.month, day: day.day };
    },
  });
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
        const day = anyNumber(match[2]!);
        if (!day || day > month.daysInMonth!) return null;
        return { year: month.year, month: month.month, day };
      },
    },
  );
  return parser;
}
