import { DateTime } from "luxon";
import type { Notice } from "../notify/notifier.js";
import type { Occurrence, Reminder } from "./types.js";
import { languageOf } from "../text/language.js";

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
  const zh = languageOf(reminder.message) === "zh";
  if (occurrence.action?.outcome) {
    // What a scheduled action did: no Snooze (it would act again), no lateness (the text tells it).
    return {
      key: noticeKey(reminder.id, occurrence.id),
      title: zh ? "Cyrene 定时操作" : "Cyrene scheduled action",
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
  const skipped =
    occurrence.skipped > 0
      ? zh
        ? `，另有 ${occurrence.skipped} 次错过`
        : `; ${occurrence.skipped} more missed`
      : "";
  const note =
    kind === "late"
      ? zh
        ? `（原定 ${dueText}，迟到了${skipped}）`
        : ` (was due at ${dueText}${skipped})`
      : kind === "missed"
        ? zh
          ? `（错过了：原定 ${dueText}${skipped}）`
          : ` (missed: was due at ${dueText}${skipped})`
        : "";
  return {
    key: noticeKey(reminder.id, occurrence.id),
    title: zh ? "Cyrene 提醒" : "Cyrene reminder",
    message: `${reminder.message}${note}`,
    actions: [
      { action: `${ACTION_DONE}:${reminder.id}`, title: zh ? "完成" : "Done" },
      { action: `${ACTION_SNOOZE}:${reminder.id}`, title: snoozeTitle(lateness.snoozeMs ?? 600_000, zh) },
    ],
  };
}

/** "Snooze 10 min" / "10 分钟后再提醒" (seconds when it is shorter than a whole minute). */
function snoozeTitle(ms: number, zh: boolean): string {
  const minutes = ms / 60_000;
  const [amount, en, cn] = Number.isInteger(minutes)
    ? [minutes, "min", "分钟"]
    : [Math.round(ms / 1000), "s", "秒"];
  return zh ? `${amount} ${cn}后再提醒` : `Snooze ${amount} ${en}`;
}

/** Told through the persistent notification (and the log) when a target could not be reached. */
export function failureNotice(
  reminder: Reminder,
  occurrence: Occurrence,
  target: string,
  error: string,
): Notice {
  const zh = languageOf(reminder.message) === "zh";
  return {
    key: `${noticeKey(reminder.id, occurrence.id)}_failed`,
    title: zh ? "Cyrene 提醒未送达" : "Cyrene could not deliver a reminder",
    message: zh
      ? `提醒「${reminder.message}」没能送到 ${target}：${error}`
      : `The reminder "${reminder.message}" could not reach ${target}: ${error}`,
  };
}
