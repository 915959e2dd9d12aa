import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import type { Notifier } from "../../src/notify/notifier.js";
import { nextOccurrence } from "../../src/reminders/recurrence.js";
import { createReminders, type Reminders } from "../../src/reminders/index.js";
import type { CreateInput } from "../../src/reminders/service.js";
import type { TimeSchedule } from "../../src/reminders/types.js";
import { openDatabase } from "../../src/store/database.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";
import { FakeClock } from "../support/fake-clock.js";

/** Nothing is delivered here: these tests read only when reminders would come. */
const quietNotifier: Notifier = {
  deliver: async () => {},
  replacesRepeats: () => true,
  shows: async () => undefined,
  dismiss: async () => {},
  targets: async () => ({ notify: [], speak: [] }),
};

const running: Reminders[] = [];
afterEach(async () => {
  for (const reminders of running.splice(0)) await reminders.stop();
});

/** Reminders in `zone` on Wednesday 4 March 2026 at 10:00 there. */
function remindersIn(zone: string): Reminders {
  const clock = new FakeClock(DateTime.fromISO("2026-03-04T10:00", { zone }).toMillis());
  const reminders = createReminders({
    db: openDatabase(":memory:"),
    ha: new FakeHomeAssistant(sampleHome()),
    notifier: quietNotifier,
    time: createHomeTime({ zone, clock }),
    logger: silentLogger(),
    settings: { defaultTargets: { notify: [], speak: [] }, missedAfterMs: 6 * 3_600_000 },
  });
  running.push(reminders);
  return reminders;
}

/** The rule and the first three times of a reminder set with these words. */
async function timesOf(zone: string, input: Omit<CreateInput, "message">) {
  const { reminder, notes } = await remindersIn(zone).service.create({ message: "x", ...input });
  const schedule = reminder.schedule as TimeSchedule;
  const times: string[] = [];
  for (let at = reminder.nextAt ?? undefined; at !== undefined && times.length < 3;) {
    times.push(DateTime.fromMillis(at, { zone }).toFormat("ccc dd HH:mm"));
    at = schedule.rrule ? nextOccurrence(schedule, at) : undefined;
  }
  return { rrule: schedule.rrule, times, notes };
}

const WEEKDAYS = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR";
const WORKDAYS_AT_7 = ["Thu 05 07:00", "Fri 06 07:00", "Mon 09 07:00"];

describe("a German reminder's time and repeat (Europe/Berlin, Wed 4 March 10:00)", () => {
  const zone = "Europe/Berlin";
  it.each<[string, Omit<CreateInput, "message">, string | undefined, string[]]>([
    ["repeat and time apart", { at: "morgen um 7 Uhr", repeat: "jeden Werktag" }, WEEKDAYS, WORKDAYS_AT_7],
    ["the time said in the repeat", { repeat: "jeden Werktag um 7" }, WEEKDAYS, WORKDAYS_AT_7],
    ["the repeat said in the time", { at: "jeden Werktag um 7 Uhr" }, WEEKDAYS, WORKDAYS_AT_7],
    ["both, the same time", { at: "7 Uhr", repeat: "jeden Werktag um 7 Uhr" }, WEEKDAYS, WORKDAYS_AT_7],
    [
      "named days",
      { at: "jeden Montag und Donnerstag um 8" },
      "FREQ=WEEKLY;BYDAY=MO,TH",
      ["Thu 05 08:00", "Mon 09 08:00", "Thu 12 08:00"],
    ],
    ["daily", { at: "täglich um 21:30" }, "FREQ=DAILY", ["Wed 04 21:30", "Thu 05 21:30", "Fri 06 21:30"]],
    ["in half an hour", { at: "in einer halben Stunde", language: "de" }, undefined, ["Wed 04 10:30"]],
    ["a day and a time", { at: "am Freitag um 15:30", language: "de" }, undefined, ["Fri 06 15:30"]],
    [
      "half past seven",
      { at: "jeden Werktag um halb acht" },
      WEEKDAYS,
      ["Thu 05 07:30", "Fri 06 07:30", "Mon 09 07:30"],
    ],
    ["tomorrow at nine", { at: "morgen um neun", language: "de" }, undefined, ["Thu 05 09:00"]],
  ])("%s", async (_, input, rrule, times) => {
    expect(await timesOf(zone, input)).toMatchObject({ rrule, times });
  });

  it("sets a repeat named without a time for the default time, and says so", async () => {
    const { rrule, times, notes } = await timesOf(zone, { at: "jeden Montag" });
    expect({ rrule, times }).toEqual({
      rrule: "FREQ=WEEKLY;BYDAY=MO",
      times: ["Mon 09 09:00", "Mon 16 09:00", "Mon 23 09:00"],
    });
    expect(notes).toEqual(["No time of day was given: set for 09:00."]);
  });
});

describe("a French reminder's time and repeat (Europe/Paris, Wed 4 March 10:00)", () => {
  const zone = "Europe/Paris";
  it.each<[string, Omit<CreateInput, "message">, string | undefined, string[]]>([
    [
      "every day at 8",
      { at: "tous les jours à 8h" },
      "FREQ=DAILY",
      ["Thu 05 08:00", "Fri 06 08:00", "Sat 07 08:00"],
    ],
    [
      "every day at noon",
      { repeat: "tous les jours à midi" },
      "FREQ=DAILY",
      ["Wed 04 12:00", "Thu 05 12:00", "Fri 06 12:00"],
    ],
    ["weekdays at 7", { at: "tous les jours de semaine à 7h" }, WEEKDAYS, WORKDAYS_AT_7],
    ["repeat and time apart", { at: "7h", repeat: "en semaine", language: "fr" }, WEEKDAYS, WORKDAYS_AT_7],
    [
      "named days",
      { repeat: "tous les lundis à 18h30" },
      "FREQ=WEEKLY;BYDAY=MO",
      ["Mon 09 18:30", "Mon 16 18:30", "Mon 23 18:30"],
    ],
    // "le lundi 9 mars" names one day: no repeat is read into it.
    ["one Monday", { at: "le lundi 9 mars à 8h", language: "fr" }, undefined, ["Mon 09 08:00"]],
    ["in an hour", { at: "dans une heure", language: "fr" }, undefined, ["Wed 04 11:00"]],
    ["in half an hour", { at: "dans une demi-heure" }, undefined, ["Wed 04 10:30"]],
    ["Friday at 15:30", { at: "vendredi à 15h30", language: "fr" }, undefined, ["Fri 06 15:30"]],
  ])("%s", async (_, input, rrule, times) => {
    expect(await timesOf(zone, input)).toMatchObject({ rrule, times });
  });

  it("refuses a time already past, and a repeat it cannot read, saying what to send", async () => {
    const reminders = remindersIn(zone);
    await expect(reminders.service.create({ message: "x", at: "il y a 5 minutes" })).rejects.toThrow(
      /already past/,
    );
    await expect(
      reminders.service.create({ message: "x", at: "8h", repeat: "quand il pleut" }),
    ).rejects.toThrow(/Unknown recurrence "quand il pleut"/);
  });
});
