import { describe, expect, it } from "vitest";
import { failureNotice, reminderNotice } from "../../src/reminders/notice.js";
import type { Occurrence, Reminder } from "../../src/reminders/types.js";

const DUE = Date.parse("2026-12-04T14:30:00Z");
const LATENESS = { lateAfterMs: 60_000, missedAfterMs: 3_600_000, snoozeMs: 600_000 };

function reminder(message: string): Reminder {
  return {
    id: "r1",
    message,
    schedule: { kind: "once", at: DUE } as unknown as Reminder["schedule"],
    targets: {} as Reminder["targets"],
    status: "active",
    nextAt: null,
    snoozedUntil: null,
    fired: 1,
    createdAt: DUE - 86_400_000,
    createdBy: "test",
    conversationId: null,
  };
}

const occurrence = (skipped = 0): Occurrence => ({
  id: 7,
  reminderId: "r1",
  dueAt: DUE,
  firedAt: DUE,
  kind: "late",
  skipped,
});

/** A notice in the language its message shows (words/detect.ts), with the pack's words (words/<lang>/speech.ts). */
describe("a reminder's notice, in the language the reminder was written in", () => {
  it.each([
    [
      "Take out the trash",
      "Cyrene reminder",
      ["Done", "Snooze 10 min"],
      " (was due at 14:30; 2 more missed)",
    ],
    ["倒垃圾", "Cyrene 提醒", ["完成", "10 分钟后再提醒"], "（原定 14:30，迟到了，另有 2 次错过）"],
    [
      "Bring den Müll raus",
      "Cyrene-Erinnerung",
      ["Erledigt", "In 10 Min. erneut"],
      " (fällig war 14:30; 2 weitere verpasst)",
    ],
    [
      "Sortir les poubelles de la cuisine",
      "Rappel de Cyrene",
      ["Fait", "Rappeler dans 10 min"],
      " (prévu à 14:30 ; 2 autres manqués)",
    ],
  ])("%s", (message, title, buttons, late) => {
    const notice = reminderNotice(reminder(message), occurrence(2), "UTC", DUE + 120_000, LATENESS);
    expect(notice.title).toBe(title);
    expect(notice.actions!.map((a) => a.title)).toEqual(buttons);
    expect(notice.message).toBe(`${message}${late}`);
  });

  it("is English where the message shows no language of a pack (the one fallback)", () => {
    const notice = reminderNotice(reminder("12:00"), occurrence(), "UTC", DUE, LATENESS);
    expect(notice.title).toBe("Cyrene reminder");
  });

  it("says in that language that it could not be delivered", () => {
    const failed = failureNotice(reminder("Bring den Müll raus"), occurrence(), "notify.phone", "timeout");
    expect(failed).toMatchObject({
      title: "Cyrene konnte eine Erinnerung nicht zustellen",
      message: "Die Erinnerung „Bring den Müll raus“ hat notify.phone nicht erreicht: timeout",
    });
  });
});
