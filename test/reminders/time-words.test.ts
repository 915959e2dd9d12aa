import { describe, expect, it } from "vitest";
import { toRrule } from "../../src/reminders/recurrence.js";
import { readSunTime } from "../../src/reminders/sun.js";

describe("a reminder's time in German and French words", () => {
  it.each([
    ["jeden Werktag", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["täglich", "FREQ=DAILY"],
    ["Jeden  Monat", "FREQ=MONTHLY"],
    ["jeden Montag und Freitag", "FREQ=WEEKLY;BYDAY=MO,FR"],
    ["wöchentlich am Mi, Sa", "FREQ=WEEKLY;BYDAY=WE,SA"],
    ["tous les jours", "FREQ=DAILY"],
    ["en semaine", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["tous les lundis et jeudis", "FREQ=WEEKLY;BYDAY=MO,TH"],
    ["chaque année", "FREQ=YEARLY"],
    ["weekly on monday and friday", "FREQ=WEEKLY;BYDAY=MO,FR"],
  ])("repeat %s", (text, rule) => {
    expect(toRrule(text)).toBe(rule);
  });

  it.each([
    ["nach Sonnenuntergang", { event: "sunset", offsetMs: 0 }],
    ["eine halbe Stunde nach Sonnenuntergang", { event: "sunset", offsetMs: 30 * 60_000 }],
    ["20 Minuten vor Sonnenaufgang", { event: "sunrise", offsetMs: -20 * 60_000 }],
    ["bei Sonnenaufgang", { event: "sunrise", offsetMs: 0 }],
    ["30 minutes après le coucher du soleil", { event: "sunset", offsetMs: 30 * 60_000 }],
    ["une heure avant le lever du soleil", { event: "sunrise", offsetMs: -60 * 60_000 }],
    ["au coucher du soleil", { event: "sunset", offsetMs: 0 }],
  ])("sun time %s", (text, expected) => {
    expect(readSunTime(text)).toEqual(expected);
  });
});
