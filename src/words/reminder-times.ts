/** A day of the week as an RRULE names it. */
export type RruleDay = "MO" | "TU" | "WE" | "TH" | "FR" | "SA" | "SU";

/**
 * The words a reminder's time is given in, beyond what the date and duration parsers read
 * (reminders/recurrence.ts, reminders/sun.ts). Every pack's words are read at once: a repeat or an offset
 * comes from the model's call, in whatever language it wrote.
 */
export interface ReminderTimeWords {
  /** A whole repeat in a word or phrase, lowercase with single spaces ("daily", "jeden werktag") → its RRULE body. */
  repeats: Readonly<Record<string, string>>;
  /** What opens a weekly repeat on named days ("weekly on", "每周", "jeden"); the days follow it. */
  weeklyOn: RegExp;
  /** Weekday names and abbreviations, lowercase. */
  weekdays: Readonly<Record<string, RruleDay>>;
  /** The words joining days ("and", "和"); commas and spaces join days in every language. */
  dayJoiners: readonly string[];
  /** Around a sun event (its names are in scheduledActions.sun): what an offset is said with. */
  sunOffset: {
    /** Words that mean "after" or only fill ("past", "后", "nach"); a global pattern, removed. */
    after: RegExp;
    /** "At" before the event ("at", "在", "bei"), at the start; removed. */
    at: RegExp;
    /** Spoken amounts made into what the duration parser reads ("half an hour" → "30 minutes"), in order. */
    amounts: ReadonlyArray<readonly [RegExp, string]>;
  };
}

const DAY_OF: Record<RruleDay, RruleDay> = {
  MO: "MO",
  TU: "TU",
  WE: "WE",
  TH: "TH",
  FR: "FR",
  SA: "SA",
  SU: "SU",
};

/** A weekday table from lists of names per day ("mo|mon|monday"). */
export function weekdays(names: Readonly<Record<RruleDay, string>>): Record<string, RruleDay> {
  return Object.fromEntries(
    Object.entries(names).flatMap(([day, list]) =>
      list.split("|").map((name) => [name, DAY_OF[day as RruleDay]]),
    ),
  );
}
