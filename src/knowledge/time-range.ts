import type { DateTime } from "luxon";
import { anyNumber } from "../time/numerals.js";
import { resolveDateTime } from "../time/parse.js";
import { PACKS } from "../words/packs.js";
import type { PeriodUnit } from "../words/time-words.js";

/** A span of time in ms since the epoch, both ends included. */
export interface TimeRange {
  from: number;
  to: number;
}

const TIME_WORDS = Object.values(PACKS).map((pack) => pack.time);
const PERIODS: Record<string, readonly [PeriodUnit, number]> = Object.assign(
  {},
  ...TIME_WORDS.map((words) => words.periods),
);
const RECENT = TIME_WORDS.flatMap((words) => words.recent);
const NUMBER_WORDS: Record<string, number> = Object.assign({}, ...TIME_WORDS.map((words) => words.numbers));

/**
 * Periods people name as a whole, in any pack's words ("上周", "last month", "letzte Woche"): the whole
 * period, Monday to Sunday for a week; "最近3天", "die letzten 3 Tage": until now; undefined for anything else.
 */
export function resolvePeriod(text: string, now: DateTime): TimeRange | undefined {
  const phrase = text.trim().toLowerCase().replace(/\s+/g, " ").replace(/’/g, "'");
  if (Object.hasOwn(PERIODS, phrase)) {
    const [unit, offset] = PERIODS[phrase]!;
    const start = now.plus({ [unit]: offset }).startOf(unit, { useLocaleWeeks: false });
    return { from: start.toMillis(), to: start.endOf(unit).toMillis() };
  }
  for (const [pattern, unit] of RECENT) {
    const recent = pattern.exec(phrase);
    if (!recent) continue;
    const count = anyNumber(recent[1]!) ?? NUMBER_WORDS[recent[1]!] ?? 0;
    if (count <= 0) return undefined;
    return { from: now.minus({ [unit]: count }).toMillis(), to: now.toMillis() };
  }
  return undefined;
}

/**
 * The span between `from` and `to`, each a phrase or a date ("上周", "2026-03-01", "昨天晚上", "3天前"). A
 * named period stands for all of it; a day without a time of day for the whole day; a missing end for now,
 * a missing start for the beginning of time. Throws InputError (from resolveDateTime) for what it cannot read.
 */
export async function resolveRange(
  from: string | undefined,
  to: string | undefined,
  zone: string,
  now: DateTime,
  language?: string,
): Promise<TimeRange | undefined> {
  if (!from?.trim() && !to?.trim()) return undefined;
  const local = now.setZone(zone);
  const start = from?.trim() ? await bound(from, zone, local, language) : undefined;
  const end = to?.trim() ? await bound(to, zone, local, language) : undefined;
  // "上周" alone: all of last week; "3天前" alone: from then until now.
  const until = end?.to ?? (start?.span ? start.to : local.toMillis());
  return { from: start?.from ?? 0, to: until };
}

async function bound(
  text: string,
  zone: string,
  now: DateTime,
  language: string | undefined,
): Promise<TimeRange & { span: boolean }> {
  const period = resolvePeriod(text, now);
  if (period) return { ...period, span: true };
  const resolved = await resolveDateTime(text, zone, now, language);
  if (resolved.end) return { from: resolved.value.toMillis(), to: resolved.end.toMillis(), span: true };
  if (!resolved.timeSpecified) {
    const day = resolved.value;
    return { from: day.startOf("day").toMillis(), to: day.endOf("day").toMillis(), span: true };
  }
  return { from: resolved.value.toMillis(), to: resolved.value.toMillis(), span: false };
}
