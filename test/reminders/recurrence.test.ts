import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { nextOccurrence, occurrencesBetween, toRrule } from "../../src/reminders/recurrence.js";
import type { TimeSchedule } from "../../src/reminders/types.js";

const NY = "America/New_York";
const local = (ms: number | undefined, zone = NY) =>
  DateTime.fromMillis(ms!, { zone }).toFormat("yyyy-MM-dd HH:mm ZZZZ");
const at = (iso: string, zone = NY) => DateTime.fromISO(iso, { zone }).toMillis();

describe("recurrences", () => {
  it("read the simple words, weekdays and RRULEs, and refuse nonsense with what to send", () => {
    expect(toRrule("daily")).toBe("FREQ=DAILY");
    expect(toRrule("工作日")).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(toRrule("weekly on Mon, Fri")).toBe("FREQ=WEEKLY;BYDAY=MO,FR");
    expect(toRrule("每周 一、三")).toBe("FREQ=WEEKLY;BYDAY=MO,WE");
    expect(toRrule("RRULE:freq=monthly;bymonthday=1;count=3")).toBe("FREQ=MONTHLY;BYMONTHDAY=1;COUNT=3");
    expect(() => toRrule("every full moon")).toThrow(/Unknown recurrence.*"daily", "weekdays"/);
    expect(() => toRrule("FREQ=SOMETIMES")).toThrow(/Invalid RRULE/);
    expect(() => toRrule("FREQ=HOURLY")).toThrow(/at most daily/);
  });

  it("keep 08:00 at 08:00 local across the spring DST change", () => {
    const daily: TimeSchedule = { kind: "time", zone: NY, start: "2026-03-07T08:00:00", rrule: "FREQ=DAILY" };
    const times = occurrencesBetween(daily, at("2026-03-06T12:00"), at("2026-03-10T12:00")).map((ms) =>
      local(ms),
    );
    expect(times).toEqual([
      "2026-03-07 08:00 EST",
      "2026-03-08 08:00 EDT",
      "2026-03-09 08:00 EDT",
      "2026-03-10 08:00 EDT",
    ]);
  });

  it("fire a 02:30 that does not exist on the spring-forward day at 03:30, and at 02:30 the day after", () => {
    const once: TimeSchedule = { kind: "time", zone: NY, start: "2026-03-08T02:30:00" };
    expect(local(nextOccurrence(once, at("2026-03-08T00:00")))).toBe("2026-03-08 03:30 EDT");
    const daily: TimeSchedule = { ...once, rrule: "FREQ=DAILY" };
    const times = occurrencesBetween(daily, at("2026-03-07T12:00"), at("2026-03-09T12:00")).map((ms) =>
      local(ms),
    );
    expect(times).toEqual(["2026-03-08 03:30 EDT", "2026-03-09 02:30 EDT"]);
  });

  it("fire an ambiguous autumn 01:30 once", () => {
    const daily: TimeSchedule = { kind: "time", zone: NY, start: "2026-10-31T01:30:00", rrule: "FREQ=DAILY" };
    const times = occurrencesBetween(daily, at("2026-10-31T12:00"), at("2026-11-02T12:00")).map((ms) =>
      local(ms),
    );
    expect(times).toEqual(["2026-11-01 01:30 EDT", "2026-11-02 01:30 EST"]);
  });

  it("end after COUNT or UNTIL, and a one-off after its time", () => {
    const counted: TimeSchedule = {
      kind: "time",
      zone: "UTC",
      start: "2026-01-01T09:00:00",
      rrule: "FREQ=DAILY;COUNT=2",
    };
    expect(occurrencesBetween(counted, 0, at("2027-01-01T00:00", "UTC"))).toHaveLength(2);
    const until: TimeSchedule = { ...counted, rrule: "FREQ=WEEKLY;UNTIL=20260115T235959" };
    expect(occurrencesBetween(until, 0, at("2027-01-01T00:00", "UTC"))).toHaveLength(3);
    const once: TimeSchedule = { kind: "time", zone: "UTC", start: "2026-01-01T09:00:00" };
    expect(nextOccurrence(once, at("2026-01-01T09:00", "UTC"))).toBeUndefined();
  });

  it("skip months without the day, as RFC 5545 says", () => {
    const monthly: TimeSchedule = {
      kind: "time",
      zone: "Asia/Shanghai",
      start: "2026-01-31T08:00:00",
      rrule: "FREQ=MONTHLY",
    };
    const times = occurrencesBetween(monthly, 0, at("2026-05-01T00:00", "Asia/Shanghai")).map((ms) =>
      local(ms, "Asia/Shanghai"),
    );
    expect(times).toEqual(["2026-01-31 08:00 GMT+8", "2026-03-31 08:00 GMT+8"]);
  });
});
