import { describe, expect, it } from "vitest";
import { parseDuration } from "../../src/time/duration.js";

describe("durations in every pack's words", () => {
  it.each([
    ["2 Stunden", "PT2H"],
    ["zwei Stunden und 15 Minuten", "PT2H15M"],
    ["eine halbe Stunde", "PT30M"],
    ["eine Viertelstunde", "PT15M"],
    ["eine Dreiviertelstunde", "PT45M"],
    ["anderthalb Stunden", "PT1H30M"],
    ["drei Tage", "P3D"],
    ["zwei Wochen", "P14D"],
    ["deux heures", "PT2H"],
    ["une demi-heure", "PT30M"],
    ["un quart d'heure", "PT15M"],
    ["trois quarts d'heure", "PT45M"],
    ["une heure et demie", "PT1H30M"],
    ["deux heures et quart", "PT2H15M"],
    ["dix minutes et 30 secondes", "PT10M30S"],
    ["un an", "P1Y"],
    // English and Chinese as before.
    ["3 days 4 hours", "P3DT4H"],
    ["1.5h", "PT1H30M"],
    ["一个半小时", "PT1H30M"],
    ["2周", "P14D"],
    ["-2h", "PT-2H"],
  ])("%s → %s", (text, iso) => {
    expect(
      parseDuration(text).shiftTo("years", "days", "hours", "minutes", "seconds").normalize().toISO(),
    ).toBe(iso);
  });

  it("refuses words it does not know, with examples in every language", () => {
    expect(() => parseDuration("zwei Weilchen")).toThrow(/Could not understand the duration.*"2 Stunden"/);
  });
});
