/** A period named as a whole ("last week"): a calendar unit, as luxon names it. */
export type PeriodUnit = "day" | "week" | "month" | "year";

/** A unit of a duration, as luxon names it. */
export type DurationUnit = "years" | "months" | "weeks" | "days" | "hours" | "minutes" | "seconds";

/**
 * The words a date, a time or a duration is said in, beyond what chrono's parser for the language reads
 * (time/parse.ts, duration.ts, phrase.ts). The duration parser reads English and Chinese units itself; a
 * pack's amounts, numbers and units make its own words into those ("zwei Stunden" → "2 hours").
 */
export interface TimeWords {
  /** The whole input meaning "now", lowercase ("jetzt", "maintenant"). */
  now: readonly string[];
  /** A duration from now: the first group of each is the duration ("in (.+)", "dans (.+)", "(.+)后"). */
  later: readonly RegExp[];
  /** A duration before now: the first group is the duration ("vor (.+)", "il y a (.+)", "(.+) ago"). */
  earlier: readonly RegExp[];
  /** Spoken amounts made what the duration parser reads, in order ("eine halbe Stunde" → "30 minutes"). */
  amounts: ReadonlyArray<readonly [RegExp, string]>;
  /** Number words, lowercase, to their value ("einer" → 1, "deux" → 2); in a phrase they become digits. */
  numbers: Readonly<Record<string, number>>;
  /** Unit words, lowercase ("stunden" → hours). */
  units: Readonly<Record<string, DurationUnit>>;
  /** Words joining the parts of a duration ("und", "et"). */
  joiners: readonly string[];
  /** A phrase that looks back ("last Monday", "letzten Montag"): its weekday is the one just past. */
  pastCue?: RegExp;
  /** Phrases the model may send, for the error that says what is understood ("morgen um 9"). */
  examples: readonly string[];
  /**
   * Periods named as a whole, lowercase with single spaces, to their unit and how many back ("last week" →
   * week, -1): knowledge/time-range.ts searches all of it, Monday to Sunday, not an instant in it.
   */
  periods: Readonly<Record<string, readonly [PeriodUnit, number]>>;
  /** "the last 3 days", "最近3天": the pattern's first group is the count (digits or number words), and its unit. */
  recent: ReadonlyArray<readonly [RegExp, PeriodUnit]>;
  /** Words made what chrono's parser for the language reads ("morgen früh" → "morgen Vormittag"), in order. */
  phraseWords: ReadonlyArray<readonly [RegExp, string]>;
  /** Clock times said in words chrono's parser misses ("halb 8" → 7:30, "midi" → 12:00), number words as digits. */
  clockWords: readonly ClockWord[];
  /** Days said in one word chrono's parser misses, to days from today ("après-demain" → 2). */
  dayWords: Readonly<Record<string, number>>;
}

/**
 * A clock time said in words: the hour is `hour`, or the pattern's first group (digits) moved by `hourShift`
 * ("halb (\d+)": one back, minute 30).
 */
export interface ClockWord {
  pattern: RegExp;
  minute: number;
  hour?: number;
  hourShift?: number;
}

/** A unit table from lists of words per unit ("stunde|stunden|std"). */
export function units(names: Readonly<Partial<Record<DurationUnit, string>>>): Record<string, DurationUnit> {
  return Object.fromEntries(
    Object.entries(names).flatMap(([unit, list]) =>
      list.split("|").map((name) => [name, unit as DurationUnit]),
    ),
  );
}
