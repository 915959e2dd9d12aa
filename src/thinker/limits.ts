import { DateTime } from "luxon";
import type { ThoughtStore } from "../store/thoughts.js";

export interface Limits {
  maxPerHour: number;
  maxTokensPerDay: number;
  /** The same topic or prompt again within this long is a duplicate. */
  dedupeMs: number;
  /** "22:30-07:00" in the home's zone: no notifications or announcements then; "off" for none. */
  quietHours?: string;
}

/** What a skipped trigger is counted under (thought_skips.reason). */
export type SkipReason = "duplicate" | "hourly budget" | "daily token budget" | "queue full";

export interface Refusal {
  kind: SkipReason;
  /** In words, for the log. */
  text: string;
}

/**
 * Why a thought may not start now, or undefined when it may. A thought tried again after a person's
 * turn cut it short is asked the same: its cut-short run counts in the hour, and `retryOf` (that run)
 * is the one earlier run of its trigger that does not make it a duplicate.
 */
export function refusal(
  store: ThoughtStore,
  limits: Limits,
  dedupeKey: string,
  now: number,
  zone: string,
  retryOf?: string,
): Refusal | undefined {
  const last = store.lastRunOf(dedupeKey, retryOf);
  if (last !== undefined && now - last < limits.dedupeMs) {
    return {
      kind: "duplicate",
      text: `a duplicate: the same trigger ran ${Math.round((now - last) / 1000)} s ago`,
    };
  }
  const hour = store.thoughtsSince(now - 3_600_000);
  if (hour >= limits.maxPerHour) {
    return {
      kind: "hourly budget",
      text: `over budget: ${hour} thought${hour === 1 ? "" : "s"} in the last hour (at most ${limits.maxPerHour})`,
    };
  }
  const dayStart = DateTime.fromMillis(now, { zone }).startOf("day").toMillis();
  const tokens = store.tokensSince(dayStart);
  if (tokens >= limits.maxTokensPerDay) {
    return {
      kind: "daily token budget",
      text: `over budget: ${tokens} tokens today (at most ${limits.maxTokensPerDay})`,
    };
  }
  return undefined;
}

/** Whether `now` falls in the quiet hours ("22:30-07:00", overnight ranges included). */
export function isQuiet(quietHours: string | undefined, now: number, zone: string): boolean {
  const range = parseQuietHours(quietHours);
  if (!range) return false;
  const local = DateTime.fromMillis(now, { zone });
  const minute = local.hour * 60 + local.minute;
  return range.start <= range.end
    ? minute >= range.start && minute < range.end
    : minute >= range.start || minute < range.end;
}

/** "HH:MM-HH:MM" as minutes of the day; undefined for none; throws on anything else. */
export function parseQuietHours(text: string | undefined): { start: number; end: number } | undefined {
  if (!text?.trim() || /^(off|none)$/i.test(text.trim())) return undefined;
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(text.trim());
  const minutes = match?.slice(1).map(Number);
  if (!minutes || minutes[0]! > 23 || minutes[2]! > 23 || minutes[1]! > 59 || minutes[3]! > 59) {
    throw new Error(`quiet hours must look like 22:30-07:00, not "${text}"`);
  }
  return { start: minutes[0]! * 60 + minutes[1]!, end: minutes[2]! * 60 + minutes[3]! };
}
