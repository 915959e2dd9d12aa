import type { DateTime } from "luxon";
import { anyNumber } from "../time/numerals.js";
import { resolveDateTime } from "../time/parse.js";

/** A span of time in ms since the epoch, both ends included. */
export interface TimeRange {
  from: number;
  to: number;
}

type Unit = "day" | "week" | "month" | "year";

/** Periods people name as a whole: "上周" is Monday to Sunday of last week, not an instant in it. */
const PERIODS: [RegExp, Unit, number][] = [
  [/^(today|今天|今日)$/i, "day", 0],
  [/^(yesterday|昨天|昨日)$/i, "day", -1],
  [/^(前天)$/, "day", -2],
  [/^(this week|本周|这周|这个星期|这礼拜|本星期)$/i, "week", 0],
  [/^(last week|上周|上个?星期|上个?礼拜)$/i, "week", -1],
  [/^(上上周|上上个?星期)$/, "week", -2],
  [/^(this month|本月|这个月)$/i, "month", 0],
  [/^(last month|上个?月)$/i, "month", -1],
  [/^(this year|今年|本年)$/i, "year", 0],
  [/^(last year|去年)$/i, "year", -1],
];

const RECENT =
  /^(?:(?:the )?(?:last|past)\s+(\d+)\s+(day|week|month)s?|(?:最近|近|过去)\s*([\d一二两三四五六七八九十]+)\s*(?:个)?\s*(天|日|周|星期|礼拜|月))$/i;

/** "上周", "last month", "最近3天": the whole period; undefined for anything else. */
export function resolvePeriod(text: string, now: DateTime): TimeRange | undefined {
  const phrase = text.trim();
  for (const [pattern, unit, offset] of PERIODS) {
    if (!pattern.test(phrase)) continue;
    const start = now.plus({ [unit]: offset }).startOf(unit, { useLocaleWeeks: false });
    return { from: start.toMillis(), to: start.endOf(unit).toMillis() };
  }
  const recent = RECENT.exec(phrase);
  if (recent) {
    const count = anyNumber(recent[1] ?? recent[3]!) ?? 0;
    const word = recent[2] ?? recent[4]!;
    const unit: Unit = /day|天|日/.test(word) ? "day" : /week|周|星期|礼拜/.test(word) ? "week" : "month";
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
