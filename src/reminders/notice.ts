import { DateTime } from "luxon";
import type { Notice } from "../notify/notifier.js";
import type { Occurrence, Reminder } from "./types.js";
import { detectLanguage } from "../words/detect.js";
import { speechFor, spokenPack } from "../words/speech-for.js";
import type { ReminderWords } from "../words/speech.js";

export const ACTION_DONE = "CYRENE_REMINDER_DONE";
export const ACTION_SNOOZE = "CYRENE_REMINDER_SNOOZE";

/**
 * The idempotency id of one occurrence's notice: the persistent notification's `notification_id` and the
 * phone push's `tag`. A repeat of the same occurrence (sent again after a crash) replaces the first at the
 * target; two occurrences of a reminder stay two notices.
 */
export function noticeKey(reminderId: string, occurrenceId: number): string {
  return `cyrene_reminder_${reminderId}_${occurrenceId}`;
}

/** How late counts as late, and as missed. */
export interface Lateness {
  lateAfterMs: number;
  missedAfterMs: number;
}

/** What a notice says besides the reminder: its lateness, and how long Snooze puts it off. */
export interface NoticeOptions extends Lateness {
  snoozeMs?: number;
}

/**
 * What the user gets for one occurrence, in the language the reminder was written in. Lateness is
 * judged when it is delivered: a reminder that fired on time while HA was away arrives late, and says so.
 */
export function reminderNotice(
  reminder: Reminder,
  occurrence: Occurrence,
  zone: string,
  now: number,
  lateness: NoticeOptions,
): Notice {
  const words = wordsOf(reminder);
  if (occurrence.action?.outcome) {
    // What a scheduled action did: no Snooze (it would act again), no lateness (the text tells it).
    return {
      key: noticeKey(reminder.id, occurrence.id),
      title: spokenPack(detectLanguage(reminder.message)).scheduledActions.title,
      message: occurrence.action.outcome,
    };
  }
  const lateMs = occurrence.kind === "trigger" || occurrence.kind === "snoozed" ? 0 : now - occurrence.dueAt;
  const kind =
    lateMs > lateness.missedAfterMs ? "missed" : lateMs > lateness.lateAfterMs ? "late" : "on_time";
  const due = DateTime.fromMillis(occurrence.dueAt, { zone });
  const dueText = due.hasSame(DateTime.fromMillis(now, { zone }), "day")
    ? due.toFormat("HH:mm")
    : due.toFormat("yyyy-MM-dd HH:mm");
  const note =
    kind === "late"
      ? words.late(dueText, occurrence.skipped)
      : kind === "missed"
        ? words.missed(dueText, occurrence.skipped)
        : "";
  return {
    key: noticeKey(reminder.id, occurrence.id),
    title: words.title,
    message: `${reminder.message}${note}`,
    actions: [
      { action: `${ACTION_DONE}:${reminder.id}`, title: words.done },
      { action: `${ACTION_SNOOZE}:${reminder.id}`, title: snoozeTitle(lateness.snoozeMs ?? 600_000, words) },
    ],
  };
}

/**
 * The words of a reminder's notices: in the language its message shows (a reminder keeps no language of
 * its own; words/detect.ts), else the fallback of words/speech-for.ts.
 */
function wordsOf(reminder: Reminder): ReminderWords {
  return speechFor(detectLanguage(reminder.message)).reminders;
}

/** "Snooze 10 min" / "10 分钟后再提醒" (seconds when it is shorter than a whole minute). */
function snoozeTitle(ms: number, words: ReminderWords): string {
  const minutes = ms / 60_000;
  return Number.isInteger(minutes) ? words.snooze(minutes, "min") : words.snooze(Math.round(ms / 1000), "s");
}

/** Told through the persistent notification (and the log) when a target could not be reached. */
export function failureNotice(
  reminder: Reminder,
  occurrence: Occurrence,
  target: string,
  error: string,
): Notice {
  const words = wordsOf(reminder);
  return {
    key: `${noticeKey(reminder.id, occurrence.id)}_failed`,
    title: words.failedTitle,
    message: words.failed(reminder.message, target, error),
  };
}
