import { DateTime } from "luxon";
import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";
import { InputError } from "../input-error.js";
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

const SIMPLE: Record<string, string> = {
  daily: "FREQ=DAILY",
  everyday: "FREQ=DAILY",
  每天: "FREQ=DAILY",
  weekdays: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
  工作日: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
  weekends: "FREQ=WEEKLY;BYDAY=SA,SU",
  周末: "FREQ=WEEKLY;BYDAY=SA,SU",
  weekly: "FREQ=WEEKLY",
  每周: "FREQ=WEEKLY",
  monthly: "FREQ=MONTHLY",
  每月: "FREQ=MONTHLY",
  yearly: "FREQ=YEARLY",
  annually: "FREQ=YEARLY",
  每年: "FREQ=YEARLY",
};
const DAYS: Record<string, string> = {
  mo: "MO",
  mon: "MO",
  monday: "MO",
  一: "MO",
  周一: "MO",
  星期一: "MO",
  tu: "TU",
  tue: "TU",
  tuesday: "TU",
  二: "TU",
  周二: "TU",
  星期二: "TU",
  we: "WE",
  wed: "WE",
  wednesday: "WE",
  三: "WE",
  周三: "WE",
  星期三: "WE",
  th: "TH",
  thu: "TH",
  thursday: "TH",
  四: "TH",
  周四: "TH",
  星期四: "TH",
  fr: "FR",
  fri: "FR",
  friday: "FR",
  五: "FR",
  周五: "FR",
  星期五: "FR",
  sa: "SA",
  sat: "SA",
  saturday: "SA",
  六: "SA",
  周六: "SA",
  星期六: "SA",
  su: "SU",
  sun: "SU",
  sunday: "SU",
  日: "SU",
  天: "SU",
  周日: "SU",
  星期日: "SU",
  星期天: "SU",
};

const HELP =
  'Send "daily", "weekdays", "weekly on MO,FR", "monthly", "yearly", or an RRULE such as ' +
  '"FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10" (COUNT or UNTIL=20261231 end it).';

/** The RRULE body for a recurrence as the LLM or a person wrote it; refuses nonsense with what to send. */
export function toRrule(text: string): string {
  const raw = text.trim().replace(/^RRULE:/i, "");
  const lower = raw.toLowerCase();
  if (SIMPLE[lower]) return SIMPLE[lower];
  const weekly = /^(?:weekly|every week|每周)\s*(?:on)?\s*(.+)$/i.exec(raw);
  if (weekly) {
    const days = weekly[1]!
      .split(/[\s,，、和及and]+/)
      .filter(Boolean)
      .map((d) => DAYS[d.toLowerCase()]);
    if (days.length && days.every(Boolean)) return `FREQ=WEEKLY;BYDAY=${[...new Set(days)].join(",")}`;
  }
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
