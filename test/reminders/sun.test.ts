import { describe, expect, it } from "vitest";
import { readSunTime } from "../../src/reminders/sun.js";

describe("sun times in words", () => {
  it.each([
    ["half an hour after sunset", { event: "sunset", offsetMs: 30 * 60_000 }],
    ["sunset+30m", { event: "sunset", offsetMs: 30 * 60_000 }],
    ["30 minutes before sunrise", { event: "sunrise", offsetMs: -30 * 60_000 }],
    ["sunrise-15m", { event: "sunrise", offsetMs: -15 * 60_000 }],
    ["at sunset", { event: "sunset", offsetMs: 0 }],
    ["日落后半小时", { event: "sunset", offsetMs: 30 * 60_000 }],
    ["日出前15分钟", { event: "sunrise", offsetMs: -15 * 60_000 }],
    ["天黑", { event: "sunset", offsetMs: 0 }],
    ["Sonnenuntergang", { event: "sunset", offsetMs: 0 }],
    ["coucher du soleil+1h", { event: "sunset", offsetMs: 60 * 60_000 }],
  ])("%s", (text, expected) => {
    expect(readSunTime(text)).toEqual(expected);
  });

  it("leaves a clock time to the date parser, and refuses an offset it cannot read", () => {
    expect(readSunTime("明天下午三点")).toBeUndefined();
    expect(readSunTime("in 10 minutes")).toBeUndefined();
    expect(() => readSunTime("sunset plus a smidge")).toThrow(/sunset\+30m/);
  });
});
