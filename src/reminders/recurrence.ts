import { DateTime } from "luxon";
import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";
import { InputError } from "../input-error.js";
import { PACKS } from "../words/packs.js";
import type { TimeSchedule } from "./types.js";

// rrule is loaded on first use (synchronously: it is CommonJS): a home with no recurring reminder never pays for it.
let loaded: typeof RRuleModule | undefined;
function rrule(): typeof RRuleModule {
  return (loaded ??= createRequire(import.meta.url)("rrule") as typeof RRuleModule);
}
type Rule = InstanceType<typeof RRuleModule.RRule>;

/**
 * Recurrences are computed on "floating" wall-clock time (rrule's Date objects hold local time in
 * their UTC fields) and only then placed in the home's zone by luxon. So an 08:00 reminder stays at
 * 08:00 across a DST change, a 02:30 that does not exist on a spring-forward day fires at 03:30 (luxon
 * moves it past the gap), and an ambiguous autumn 01:30 is one instant: it fires once.
 */

const WORDS = Object.values(PACKS).map((pack) => pack.reminderTimes);
const REPEATS: Record<string, string> = Object.assign({}, ...WORDS.map((words) => words.repeats));
const WEEKDAYS: Record<string, string> = Object.assign({}, ...WORDS.map((words) => words.weekdays));
const JOINERS = WORDS.flatMap((words) => words.dayJoiners).map((word) =>
  /^[a-z]+$/i.test(word) ? `\\b${word}\\b` : word,
);
const DAY_SEPARATOR = new RegExp(`(?:[\\s,，、]|${JOINERS.join("|")})+`, "i");

const HELP =
  'Send "daily", "weekdays", "weekly on MO,FR", "monthly", "yearly", or an RRULE such as ' +
  '"FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10" (COUNT or UNTIL=20261231 end it).';

/** The RRULE body for a recurrence as the LLM or a person wrote it; refuses nonsense with what to send. */
export function toRrule(text: string): string {
  const raw = text.trim().replace(/^RRULE:/i, "");
  const lower = raw.toLowerCase().replace(/\s+/g, " ");
  if (Object.hasOwn(REPEATS, lower)) return REPEATS[lower]!;
  const weekly = weeklyDays(raw);
  if (weekly) return weekly;
  if (!/^FREQ=/i.test(raw))
    throw new InputError(`Unknown recurrence "${text}" (无法识别的重复规则). ${HELP}`);
  let rule: Rule;
  try {
    rule = rrule().rrulestr(`RRULE:${raw.toUpperCase()}`, { forceset: false }) as Rule;
  } catch (error) {
    throw new InputError(`Invalid RRULE "${text}": ${(error as Error).message}. ${HELP}`);
  }
  if (rule.options.freq > rrule().RRule.DAILY) {
    throw new InputError(`Reminders repeat at most daily, not by the hour or minute. ${HELP}`);
  }
  if (rule.options.dtstart && /DTSTART/i.test(raw)) {
    throw new InputError("Give the first time in `at`, not as DTSTART inside the rule.");
  }
  return raw.toUpperCase();
}

/** Whether `toRrule` reads the text. */
export function isRepeat(text: string): boolean {
  try {
    toRrule(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A repeat said at the start of a longer text, with what follows it ("jeden Werktag um 7" → "jeden Werktag",
 * "um 7"; "tous les jours à 8h"; "daily at 9"): the longest opening that is a whole repeat in any pack's
 * words, or undefined. Whether the rest is a time of day is the caller's to check.
 */
export function repeatAtStart(text: string): { repeat: string; rest: string } | undefined {
  const words = text.trim().split(/\s+/);
  for (let count = words.length; count > 0; count--) {
    const repeat = words
      .slice(0, count)
      .join(" ")
      .replace(/[,，]$/, "");
    const lower = repeat.toLowerCase();
    if (Object.hasOwn(REPEATS, lower) || weeklyDays(repeat)) {
      return { repeat, rest: words.slice(count).join(" ") };
    }
  }
  return undefined;
}

/** "weekly on Mon, Fri", "每周 一、三", "jeden Montag und Freitag": the RRULE body, in any pack's words. */
function weeklyDays(raw: string): string | undefined {
  for (const { weeklyOn } of WORDS) {
    const opening = weeklyOn.exec(raw);
    const rest = opening && raw.slice(opening[0].length);
    if (!rest) continue;
    const days = rest
      .split(DAY_SEPARATOR)
      .filter(Boolean)
      .map((day) => WEEKDAYS[day.toLowerCase()]);
    if (days.length && days.every(Boolean)) return `FREQ=WEEKLY;BYDAY=${[...new Set(days)].join(",")}`;
  }
  return undefined;
}

/** The first occurrence strictly after `afterMs`, as an instant (ms), or undefined when the series is over. */
export function nextOccurrence(schedule: TimeSchedule, afterMs: number): number | undefined {
  if (!schedule.rrule) {
    const at = placeInZone(floatingOf(DateTime.fromISO(schedule.start, { zone: "UTC" })), schedule.zone);
    return at > afterMs ? at : undefined;
  }
  const rule = ruleOf(schedule);
  const after = DateTime.fromMillis(afterMs, { zone: schedule.zone });
  // Wall-clock time just after `after`, as floating time; the occurrence then goes back into the zone.
  let floating = rule.after(floatingOf(after), false);
  while (floating) {
    const at = placeInZone(floating, schedule.zone);
    if (at > afterMs) return at;
    floating = rule.after(floating, false);
  }
  return undefined;
}

/** How many occurrences fall in (fromMs, toMs], for a reminder that could not fire for a while. */
export function occurrencesBetween(schedule: TimeSchedule, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (
    let at = nextOccurrence(schedule, fromMs);
    at !== undefined && at <= toMs;
    at = nextOccurrence(schedule, at)
  ) {
    out.push(at);
    if (out.length > 1000) break;
  }
  return out;
}

/** Checks that a recurrence yields at least one occurrence after `nowMs`. */
export function assertHasFuture(schedule: TimeSchedule, nowMs: number): number {
  const next = nextOccurrence(schedule, nowMs - 1);
  if (next === undefined) {
    throw new InputError(
      "This repeat rule ends before its first time: no reminder would ever come (规则没有未来的时间).",
    );
  }
  return next;
}

function ruleOf(schedule: TimeSchedule) {
  // The wall-clock start as written: read in the zone it could be moved by a DST gap.
  const start = DateTime.fromISO(schedule.start, { zone: "UTC" });
  return rrule().rrulestr(`RRULE:${schedule.rrule!}`, { dtstart: floatingOf(start) }) as Rule;
}

function floatingOf(value: DateTime): Date {
  return new Date(Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second));
}

/** A wall-clock time in the zone: past a DST gap when it falls in one, the earlier instant when it is ambiguous. */
function placeInZone(floating: Date, zone: string): number {
  const placed = DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
    },
    { zone },
  );
  return Math.min(...placed.getPossibleOffsets().map((candidate) => candidate.toMillis()), placed.toMillis());
}
