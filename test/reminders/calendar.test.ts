import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import type { Notice, Notifier } from "../../src/notify/notifier.js";
import { createReminders, type Reminders } from "../../src/reminders/index.js";
import { nextOccurrence, occurrencesBetween } from "../../src/reminders/recurrence.js";
import type { TimeSchedule } from "../../src/reminders/types.js";
import { openDatabase } from "../../src/store/database.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { FakeClock } from "../support/fake-clock.js";

/** The DST and calendar edge cases, through the scheduler on a fake clock (the math alone: recurrence.test.ts). */

const NY = "America/New_York";
const at = (iso: string, zone = NY) => DateTime.fromISO(iso, { zone }).toMillis();
const local = (ms: number, zone = NY) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd HH:mm ZZZZ");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

class Recorder implements Notifier {
  readonly sent: { message: string; at: number }[] = [];
  constructor(private readonly clock: FakeClock) {}
  async deliver(target: string, notice: Notice): Promise<void> {
    if (target === "persistent_notification")
      this.sent.push({ message: notice.message, at: this.clock.now() });
  }
  async dismiss(): Promise<void> {}
  async targets() {
    return { notify: [], speak: [] };
  }
  replacesRepeats(): boolean {
    return true;
  }
  async shows(): Promise<undefined> {
    return undefined;
  }
}

const running: Reminders[] = [];
afterEach(async () => {
  for (const reminders of running.splice(0)) await reminders.stop();
});

/** Reminders in New York (it has DST), starting at `start`. */
function home(start: string, zone = NY) {
  const clock = new FakeClock(at(start, zone));
  const notifier = new Recorder(clock);
  const reminders = createReminders({
    db: openDatabase(":memory:"),
    ha: new FakeHomeAssistant(sampleHome()),
    notifier,
    time: createHomeTime({ zone, clock }),
    logger: silentLogger(),
    settings: { defaultTargets: { notify: [], speak: [] }, missedAfterMs: 12 * HOUR },
  });
  running.push(reminders);
  reminders.start();
  const times = () => notifier.sent.map((s) => local(s.at, zone));
  return { clock, notifier, reminders, times };
}

describe("reminders across DST changes", () => {
  it("keep a daily 08:00 at 08:00 local through the spring and the autumn change", async () => {
    const spring = home("2026-03-06T12:00");
    await spring.reminders.service.create({ message: "pills", at: "2026-03-07T08:00", repeat: "daily" });
    await spring.clock.advance(4 * DAY);
    expect(spring.times()).toEqual([
      "2026-03-07 08:00 EST",
      "2026-03-08 08:00 EDT",
      "2026-03-09 08:00 EDT",
      "2026-03-10 08:00 EDT",
    ]);

    const autumn = home("2026-10-30T12:00");
    await autumn.reminders.service.create({ message: "pills", at: "2026-10-31T08:00", repeat: "daily" });
    await autumn.clock.advance(3 * DAY);
    expect(autumn.times()).toEqual(["2026-10-31 08:00 EDT", "2026-11-01 08:00 EST", "2026-11-02 08:00 EST"]);
  });

  it("fire a 02:30 that the spring-forward day skips at 03:30, and a daily one at 02:30 again after", async () => {
    const once = home("2026-03-07T12:00");
    await once.reminders.service.create({ message: "once", at: "2026-03-08T02:30" });
    await once.clock.advance(DAY);
    expect(once.times()).toEqual(["2026-03-08 03:30 EDT"]);

    const daily = home("2026-03-07T12:00");
    await daily.reminders.service.create({ message: "daily", at: "2026-03-08T02:30", repeat: "daily" });
    await daily.clock.advance(3 * DAY);
    expect(daily.times()).toEqual(["2026-03-08 03:30 EDT", "2026-03-09 02:30 EDT", "2026-03-10 02:30 EDT"]);
  });

  it("fire an ambiguous autumn 01:30 once, though the clock shows 01:30 twice", async () => {
    const { clock, reminders, times } = home("2026-10-31T12:00");
    await reminders.service.create({ message: "once", at: "2026-11-01T01:30" });
    await reminders.service.create({ message: "daily", at: "2026-11-01T01:30", repeat: "daily" });
    await clock.advance(2 * DAY);
    expect(times()).toEqual(["2026-11-01 01:30 EDT", "2026-11-01 01:30 EDT", "2026-11-02 01:30 EST"]);
  });

  it("say 'in 20 minutes' across the autumn change as 20 real minutes", async () => {
    const { clock, reminders, times } = home("2026-11-01T01:50-04:00"); // the first 01:50, EDT
    const { reminder } = await reminders.service.create({ message: "tea", at: "in 20 minutes" });
    expect(reminder.nextAt).toBe(at("2026-11-01T01:50-04:00") + 20 * 60_000);
    await clock.advance(HOUR);
    expect(times()).toEqual(["2026-11-01 01:10 EST"]);
  });
});

describe("calendar edge cases", () => {
  it("repeat a 29 February yearly only in leap years", () => {
    const leap: TimeSchedule = { kind: "time", zone: NY, start: "2028-02-29T09:00:00", rrule: "FREQ=YEARLY" };
    const times = occurrencesBetween(leap, at("2028-01-01T00:00"), at("2037-01-01T00:00")).map((ms) =>
      local(ms),
    );
    expect(times).toEqual(["2028-02-29 09:00 EST", "2032-02-29 09:00 EST", "2036-02-29 09:00 EST"]);
  });

  it("find the last day of every month with BYMONTHDAY=-1, and skip weekends on weekdays", () => {
    const last: TimeSchedule = {
      kind: "time",
      zone: NY,
      start: "2027-01-31T18:00:00",
      rrule: "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4",
    };
    expect(occurrencesBetween(last, 0, at("2028-01-01T00:00")).map((ms) => local(ms))).toEqual([
      "2027-01-31 18:00 EST",
      "2027-02-28 18:00 EST",
      "2027-03-31 18:00 EDT",
      "2027-04-30 18:00 EDT",
    ]);
    const weekdays: TimeSchedule = {
      kind: "time",
      zone: NY,
      start: "2026-12-04T07:00:00", // a Friday
      rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    };
    expect(nextOccurrence(weekdays, at("2026-12-04T08:00"))).toBe(at("2026-12-07T07:00")); // Monday
  });

  it("refuse an impossible date and a rule that never comes, and name a day with no time at 09:00", async () => {
    const { reminders } = home("2026-12-02T10:00");
    await expect(reminders.service.create({ message: "x", at: "2026-02-30T08:00" })).rejects.toThrow(
      /Invalid date\/time "2026-02-30T08:00"/,
    );
    await expect(reminders.service.create({ message: "x", at: "2026-13-01" })).rejects.toThrow(
      /Invalid date\/time/,
    );
    await expect(
      reminders.service.create({ message: "x", at: "2026-12-05T08:00", repeat: "FREQ=DAILY;UNTIL=20261201" }),
    ).rejects.toThrow(/ends before its first time/);
    const { reminder, notes } = await reminders.service.create({ message: "bins", at: "2026-12-05" });
    expect(local(reminder.nextAt!)).toBe("2026-12-05 09:00 EST");
    expect(notes).toEqual(["No time of day was given: set for 09:00."]);
  });
});
