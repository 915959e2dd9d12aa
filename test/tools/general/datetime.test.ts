import { describe, expect, it } from "vitest";
import { datetimeTool } from "../../../src/tools/general/datetime.js";
import { chineseNumber, parseDuration } from "../../../src/tools/general/datetime/parse.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";

// Wednesday 2026-03-04 18:00 in Shanghai.
const NOW = new Date("2026-03-04T10:00:00Z");
let homeZone = "Asia/Shanghai";
const tool = datetimeTool({ timeZone: () => homeZone, now: () => NOW });

const call = (args: ToolArgs) => succeed(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

const iso = async (datetime: string, extra: Record<string, unknown> = {}) =>
  (await call({ operation: "parse", datetime, ...extra })).iso;

describe("datetime", () => {
  it("offers a flat JSON schema with an operation enum", () => {
    const parameters = tool.definition().parameters as { properties: Record<string, { enum?: string[] }> };
    expect(parameters.properties.operation?.enum).toContain("solar_terms");
    expect(JSON.stringify(parameters)).not.toMatch(/oneOf|anyOf/);
  });

  it("tells the time now in the home zone and in another zone", async () => {
    expect(await call({ operation: "now" })).toEqual({
      iso: "2026-03-04T18:00:00+08:00",
      local: "Wednesday, March 4, 2026 at 6:00 PM",
      timeZone: "Asia/Shanghai (UTC+08:00)",
      unix: 1772618400,
    });
    expect(await call({ operation: "now", locale: "zh" })).toMatchObject({
      local: "2026年3月4日星期三 18:00",
    });
    expect(await call({ operation: "now", time_zone: "America/New_York" })).toMatchObject({
      iso: "2026-03-04T05:00:00-05:00",
    });
  });

  it("follows a change of the home zone", async () => {
    homeZone = "Europe/London";
    try {
      expect(await call({ operation: "now" })).toMatchObject({
        iso: "2026-03-04T10:00:00Z".replace("Z", "+00:00"),
      });
    } finally {
      homeZone = "Asia/Shanghai";
    }
  });

  it("parses English and Chinese phrases relative to now in the home zone", async () => {
    expect(await iso("next Friday 3pm")).toBe("2026-03-13T15:00:00+08:00");
    expect(await iso("下周五下午三点")).toBe("2026-03-13T15:00:00+08:00");
    expect(await iso("明天早上8点")).toBe("2026-03-05T08:00:00+08:00");
    expect(await iso("今晚8点")).toBe("2026-03-04T20:00:00+08:00");
    expect(await iso("后天晚上7点半")).toBe("2026-03-06T19:30:00+08:00");
    expect(await iso("3天后")).toBe("2026-03-07T18:00:00+08:00");
    expect(await iso("三个小时后")).toBe("2026-03-04T21:00:00+08:00");
    expect(await iso("一个半小时后")).toBe("2026-03-04T19:30:00+08:00");
    expect(await iso("半小时后")).toBe("2026-03-04T18:30:00+08:00");
    expect(await iso("in 3 hours")).toBe("2026-03-04T21:00:00+08:00");
    expect(await iso("2 weeks from now")).toBe("2026-03-18T18:00:00+08:00");
    expect(await iso("5 minutes ago")).toBe("2026-03-04T17:55:00+08:00");
    expect(await iso("3天前")).toBe("2026-03-01T18:00:00+08:00");
    expect(await iso("大后天下午3点")).toBe("2026-03-07T15:00:00+08:00");
    expect(await iso("下个月15号")).toMatch(/^2026-04-15T/);
    expect(await iso("3pm EST tomorrow")).toBe("2026-03-06T04:00:00+08:00");
    expect(await iso("2026-03-08 14:30")).toBe("2026-03-08T14:30:00+08:00");
    expect(await iso("2026-03-08T14:30:00Z")).toBe("2026-03-08T22:30:00+08:00");
    expect(await iso("1772618400")).toBe("2026-03-04T18:00:00+08:00");
    expect(await call({ operation: "parse", datetime: "下周五" })).toMatchObject({ timeSpecified: false });
    expect(await call({ operation: "parse", datetime: "明天早上8点" })).toMatchObject({
      understood: "明天早上8点",
      timeSpecified: true,
    });
  });

  it("parses phrases in a US zone relative to the local wall clock", async () => {
    // 05:00 in New York: "tonight 8pm" is the same day there.
    expect(await iso("tonight at 8pm", { time_zone: "America/New_York" })).toBe("2026-03-04T20:00:00-05:00");
    expect(await iso("Sunday 9am", { time_zone: "America/New_York" })).toBe("2026-03-08T09:00:00-04:00");
  });

  it("converts between zones", async () => {
    const data = await call({
      operation: "convert",
      datetime: "2026-03-08T09:00",
      time_zone: "America/New_York",
      to_time_zone: "Asia/Shanghai",
    });
    expect(data).toMatchObject({
      from: { iso: "2026-03-08T09:00:00-04:00" },
      to: { iso: "2026-03-08T21:00:00+08:00" },
      offsetDifferenceHours: 12,
    });
  });

  describe("DST in America/New_York (2026-03-08 02:00 → 03:00, 2026-11-01 02:00 → 01:00)", () => {
    const ny = { time_zone: "America/New_York" };

    it("adds a calendar day keeping the wall clock, and 24 hours as elapsed time", async () => {
      expect(
        await call({ operation: "add", datetime: "2026-03-07T12:00", duration: "1 day", ...ny }),
      ).toMatchObject({
        duration: "P1D",
        result: { iso: "2026-03-08T12:00:00-04:00" },
      });
      expect(
        await call({ operation: "add", datetime: "2026-03-07T12:00", duration: "24h", ...ny }),
      ).toMatchObject({
        result: { iso: "2026-03-08T13:00:00-04:00" },
      });
      expect(
        await call({ operation: "add", datetime: "2026-11-01T00:30", duration: "PT1H", ...ny }),
      ).toMatchObject({
        result: { iso: "2026-11-01T01:30:00-04:00" },
      });
      expect(
        await call({ operation: "add", datetime: "2026-11-01T00:30", duration: "2 hours", ...ny }),
      ).toMatchObject({
        result: { iso: "2026-11-01T01:30:00-05:00" },
      });
    });

    it("moves a time in the spring-forward gap to after it", async () => {
      expect(await iso("2026-03-08T02:30", ny)).toBe("2026-03-08T03:30:00-04:00");
    });

    it("counts a 23-hour calendar day", async () => {
      expect(
        await call({ operation: "diff", datetime: "2026-03-08T00:00", target: "2026-03-09T00:00", ...ny }),
      ).toMatchObject({ calendarDays: 1, breakdown: { days: 1 }, totalHours: 23 });
    });
  });

  it("subtracts durations written in Chinese or ISO", async () => {
    expect(await call({ operation: "subtract", duration: "P1M" })).toMatchObject({
      result: { iso: "2026-02-04T18:00:00+08:00" },
    });
    expect(
      await call({ operation: "subtract", datetime: "2026-03-04T00:00", duration: "1年3个月" }),
    ).toMatchObject({
      result: { iso: "2024-12-04T00:00:00+08:00" },
    });
  });

  it("computes differences (countdowns)", async () => {
    expect(await call({ operation: "diff", target: "2026-12-25", locale: "zh" })).toMatchObject({
      calendarDays: 296,
      breakdown: { months: 9, days: 20, hours: 6 },
      human: "9个月、20天、6小时",
    });
    expect(await call({ operation: "diff", target: "2026-03-01" })).toMatchObject({
      calendarDays: -3,
      direction: "to is before from",
    });
  });

  it("tells weekdays and formats dates", async () => {
    expect(await call({ operation: "weekday", datetime: "2026-10-01", locale: "zh" })).toEqual({
      date: "2026-10-01",
      weekday: "星期四",
      isoWeekday: 4,
      isoWeek: "2026-W40",
      dayOfYear: 274,
      daysInMonth: 31,
      isWeekend: false,
    });
    expect(await call({ operation: "format", format: "yyyy-MM-dd HH:mm EEEE", locale: "zh" })).toEqual({
      formatted: "2026-03-04 18:00 星期三",
    });
    expect(await call({ operation: "format", format: "unix" })).toEqual({ formatted: "1772618400" });
    expect(await call({ operation: "format", format: "rfc2822" })).toEqual({
      formatted: "Wed, 04 Mar 2026 18:00:00 +0800",
    });
  });

  describe("Chinese calendar", () => {
    it("gives the lunar date of 2026-02-17 as 春节 正月初一 丙午 马年", async () => {
      expect(await call({ operation: "lunar", datetime: "2026-02-17" })).toMatchObject({
        date: "2026-02-17",
        lunar: "丙午年（马年）正月初一",
        lunarFull: "二〇二六年正月初一",
        lunarMonth: 1,
        lunarDay: 1,
        leapMonth: false,
        yearGanZhi: "丙午",
        zodiac: "马",
        festivals: ["春节"],
      });
    });

    it("knows leap months", async () => {
      expect(await call({ operation: "lunar", datetime: "2025-07-25" })).toMatchObject({
        lunarFull: "二〇二五年闰六月初一",
        leapMonth: true,
        lunarMonth: 6,
      });
      expect(
        await call({
          operation: "from_lunar",
          lunar_year: 2025,
          lunar_month: 6,
          lunar_day: 1,
          leap_month: true,
        }),
      ).toMatchObject({ date: "2025-07-25" });
      expect(
        await failure({
          operation: "from_lunar",
          lunar_year: 2026,
          lunar_month: 6,
          lunar_day: 1,
          leap_month: true,
        }),
      ).toMatch(/No such lunar date/);
    });

    it("finds the Gregorian date of a lunar date (中秋 2026)", async () => {
      expect(await call({ operation: "from_lunar", lunar_month: 8, lunar_day: 15 })).toMatchObject({
        date: "2026-09-25",
        festivals: ["中秋节"],
        weekday: "Friday",
        daysFromToday: 205,
      });
    });

    it("gives the current and next solar term", async () => {
      expect(await call({ operation: "solar_terms" })).toMatchObject({
        current: { name: "雨水", date: "2026-02-18" },
        next: { name: "惊蛰", date: "2026-03-05" },
        daysUntilNext: 1,
      });
      expect(await call({ operation: "lunar", datetime: "2026-03-20" })).toMatchObject({
        solarTermToday: "春分",
        currentSolarTerm: { name: "春分", date: "2026-03-20" },
      });
    });

    it("lists the 24 solar terms of a year", async () => {
      const data = (await call({ operation: "solar_terms", year: 2026 })) as { terms: string[] };
      expect(data.terms).toHaveLength(24);
      expect(data.terms[0]).toBe("小寒 2026-01-05");
      expect(data.terms).toContain("冬至 2026-12-22");
      expect(data.terms).toContain("清明 2026-04-05");
    });

    it("refuses years outside the supported range", async () => {
      expect(await failure({ operation: "lunar", datetime: "1800-01-01" })).toMatch(/1901–2099/);
    });
  });

  describe("errors", () => {
    it.each([
      [{ operation: "now", time_zone: "Mars/Base" }, /Unknown time zone/],
      [{ operation: "convert" }, /needs "to_time_zone"/],
      [{ operation: "add" }, /needs "duration"/],
      [{ operation: "add", duration: "a while" }, /Could not understand the duration/],
      [{ operation: "diff" }, /needs "target"/],
      [{ operation: "parse", datetime: "gibberish" }, /Could not understand the date\/time/],
      [{ operation: "parse", datetime: "2026-13-45" }, /Invalid date\/time/],
      [{ operation: "parse", datetime: "x".repeat(500) }, /too long/],
      [{ operation: "from_lunar", lunar_month: 13, lunar_day: 1 }, /lunar_month: Too big/],
      [
        { operation: "from_lunar", lunar_month: 2, lunar_day: 30, lunar_year: 2026 },
        /No such lunar date|29 days/,
      ],
      [{ operation: "teleport" }, /Invalid arguments/],
    ])("%j", async (args, message) => {
      expect(await failure(args)).toMatch(message);
    });
  });
});

describe("duration and numeral parsing", () => {
  it.each([
    ["3 days 4 hours", "P3DT4H"],
    ["90 minutes", "PT90M"],
    ["1.5h", "PT1H30M"],
    ["2周", "P2W"],
    ["1年3个月", "P1Y3M"],
    ["一个半小时", "PT1H30M"],
    ["半天", "PT12H"],
    ["-2h", "PT-2H"],
    ["P1DT2H", "P1DT2H"],
    ["2 weeks and 3 days", "P2W3D"],
  ])("%s → %s", (text, expected) => {
    expect(parseDuration(text).toISO()).toBe(expected);
  });

  it("reads Chinese numerals", () => {
    expect(chineseNumber("十五")).toBe(15);
    expect(chineseNumber("二十四")).toBe(24);
    expect(chineseNumber("一百零八")).toBe(108);
    expect(chineseNumber("两")).toBe(2);
    expect(chineseNumber("abc")).toBeUndefined();
  });
});
