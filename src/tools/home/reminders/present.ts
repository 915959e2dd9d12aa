import { DateTime } from "luxon";
import { type Claim, PERSISTENT, type Reminder } from "../../../reminders/index.js";

/** A reminder as the LLM reads it: short, with its next time in the home's words. */
export function presentReminder(reminder: Reminder, zone: string, last?: Claim) {
  const { schedule } = reminder;
  const next = [reminder.nextAt, reminder.snoozedUntil].filter((t): t is number => t !== null).sort()[0];
  return {
    id: reminder.id,
    message: reminder.message,
    ...(reminder.status !== "active" ? { status: reminder.status } : {}),
    ...(next !== undefined ? { next: localTime(next, zone) } : {}),
    ...(schedule.kind === "time" && schedule.rrule ? { repeat: schedule.rrule } : {}),
    ...(schedule.kind === "trigger" ? { when: schedule.description, every_time: schedule.everyTime } : {}),
    ...(reminder.action ? { action: reminder.action.description } : {}),
    targets: [PERSISTENT, ...reminder.targets.notify, ...reminder.targets.speak],
    ...(last ? { last: lastOutcome(last, zone) } : {}),
  };
}

export function localTime(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd HH:mm ccc");
}

function lastOutcome(last: Claim, zone: string) {
  const { action } = last.occurrence;
  return {
    at: localTime(last.occurrence.firedAt, zone),
    ...(action ? { action: action.outcome ?? action.status } : {}),
    deliveries: Object.fromEntries(
      last.deliveries.map((d) => [d.target, d.status === "failed" ? `failed: ${d.lastError}` : d.status]),
    ),
  };
}

/** What a reminder is found by: its message, and what its action does (device names and ids). */
export function wordsOf(reminder: Reminder): string {
  return `${reminder.message} ${reminder.action?.description ?? ""}`.toLowerCase();
}
