import { describe, expect, it } from "vitest";
import { datetimeTool } from "../../../src/tools/general/datetime.js";
import { parseDuration } from "../../../src/time/duration.js";
import { chineseNumber } from "../../../src/time/numerals.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { toolContext } from "../../support/tool-context.js";

// Wednesday 2026-03-04 18:00 in Shanghai (农历正月十六).
const NOW = new Date("2026-03-04T10:00:00Z");
let homeZone = "Asia/Shanghai";
const tool = datetimeTool({ time: { zone: () => homeZone, now: () => NOW.getTime() } });

const call = (args: ToolArgs) => succeed(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

const iso = async (datetime: string, extra: Record<string, unknown> = {}) =>
  (await call({ datetime, ...extra })).iso;

describe("datetime", () => {
  it("offers a flat JSON schema without an operation: each view has its own field", () => {
    const parameters = tool.definition().parameters as {
      properties: Record<string, { enum?: string[] }>;
      required?: string[];
    };
    expect(parameters.properties.calendar?.enum).toEqual(["lunar", "solar_terms"]);
    expect(parameters.required ?? []).toEqual([]);
    expect(JSON.stringify(parameters)).not.toMatch(/oneOf|anyOf/);
  });

  it("tells the time now in the home zone, in English and Chinese, and in another zone", async () => {
    expect(await call({})).toEqual({
      iso: "2026-03-04T18:00:00+08:00",
      local: "Wednesday, March 4, 2026 at 6:00 PM",
      localZh: "2026年3月4日星期三 18:00",
      timeZone: "Asia/Shanghai (UTC+08:00)",
      unix: 1772618400,
      isoWeekday: 3,
      isoWeek: "2026-W10",
      dayOfYear: 63,
      daysInMonth: 31,
      isWeekend: false,
    });
    expect(await call({ time_zone: "America/New_York" })).toMatchObject({
      iso: "2026-03-04T05:00:00-05:00",
    });
  });

  it("ignores an operation field of older callers", async () => {
    expect(await call({ operation: "now" })).toMatchObject({ iso: "2026-03-04T18:00:00+08:00" });
  });

  it("follows a change of the home zone", async () => {
    homeZone = "Europe/London";
    try {
      expect(await call({})).toMatchObject({
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
    expect(await call({ datetime: "下周五" })).toMatchObject({ timeSpecified: false, daysFromToday: 9 });
    expect(await call({ datetime: "明天早上8点" })).toMatchObject({
      understood: "明天早上8点",
      timeSpecified: true,
      daysFromToday: 1,
    });
  });

  it("counts Chinese weeks from Monday, and takes last Monday as the one just past", async () => {
    const day = async (text: string) => String(await iso(text)).slice(0, 10);
    expect(await day("上周日")).toBe("2026-03-01");
    expect(await day("上个星期天")).toBe("2026-03-01");
    expect(await day("上周一")).toBe("2026-02-23");
    expect(await day("这周日")).toBe("2026-03-08");
    expect(await day("本周一")).toBe("2026-03-02");
    expect(await day("下周日")).toBe("2026-03-15");
    expect(await iso("上周日下午3点")).toBe("2026-03-01T15:00:00+08:00");
    expect(await day("last monday")).toBe("2026-03-02");
    expect(await day("last sunday")).toBe("2026-03-01");
    expect(await day("monday")).toBe("2026-03-09");
    expect(await iso("last friday at 3pm")).toBe("2026-02-27T15:00:00+08:00");
  });

  it("parses phrases in a US zone relative to the local wall clock", async () => {
    // 05:00 in New York: "tonight 8pm" is the same day there.
    expect(await iso("tonight at 8pm", { time_zone: "America/New_York" })).toBe("2026-03-04T20:00:00-05:00");
    expect(await iso("Sunday 9am", { time_zone: "America/New_York" })).toBe("2026-03-08T09:00:00-04:00");
  });

  it("converts between zones", async () => {
    const data = await call({
      datetime: "2026-03-08T09:00",
      time_zone: "America/New_York",
      to_time_zone: "Asia/Shanghai",
    });
    expect(data).toMatchObject({
      iso: "2026-03-08T09:00:00-04:00",
      converted: { iso: "2026-03-08T21:00:00+08:00", offsetDifferenceHours: 12 },
    });
  });

  describe("DST in America/New_York (2026-03-08 02:00 → 03:00, 2026-11-01 02:00 → 01:00)", () => {
    const ny = { time_zone: "America/New_York" };

    it("adds a calendar day keeping the wall clock, and 24 hours as elapsed time", async () => {
      expect(await call({ datetime: "2026-03-07T12:00", add: "1 day", ...ny })).toMatchObject({
        added: { from: "2026-03-07T12:00:00-05:00", duration: "P1D" },
        iso: "2026-03-08T12:00:00-04:00",
      });
      expect(await iso("2026-03-07T12:00", { add: "24h", ...ny })).toBe("2026-03-08T13:00:00-04:00");
      expect(await iso("2026-11-01T00:30", { add: "PT1H", ...ny })).toBe("2026-11-01T01:30:00-04:00");
      expect(await iso("2026-11-01T00:30", { add: "2 hours", ...ny })).toBe("2026-11-01T01:30:00-05:00");
    });

    it("moves a time in the spring-forward gap to after it", async () => {
      expect(await iso("2026-03-08T02:30", ny)).toBe("2026-03-08T03:30:00-04:00");
    });

    it("counts a 23-hour calendar day", async () => {
      expect(await call({ datetime: "2026-03-08T00:00", until: "2026-03-09T00:00", ...ny })).toMatchObject({
        until: { calendarDays: 1, breakdown: { days: 1 }, totalHours: 23 },
      });
    });
  });

  it("subtracts durations given negative or with ago/前, in Chinese or ISO", async () => {
    expect(await call({ add: "-P1M" })).toMatchObject({ iso: "2026-02-04T18:00:00+08:00" });
    expect(await iso("2026-03-04T00:00", { add: "-1年3个月" })).toBe("2024-12-04T00:00:00+08:00");
    expect(await iso("2026-03-04T00:00", { add: "1年3个月前" })).toBe("2024-12-04T00:00:00+08:00");
    expect(await iso("2026-03-04T00:00", { add: "3 days ago" })).toBe("2026-03-01T00:00:00+08:00");
    expect(await iso("2026-03-04T00:00", { add: "3天后" })).toBe("2026-03-07T00:00:00+08:00");
  });

  it("computes differences (countdowns)", async () => {
    expect(await call({ until: "2026-12-25" })).toMatchObject({
      until: {
        to: { iso: "2026-12-25T00:00:00+08:00" },
        calendarDays: 296,
        breakdown: { months: 9, days: 20, hours: 6 },
        human: "9 months, 20 days, 6 hours",
        humanZh: "9个月、20天、6小时",
      },
    });
    expect(await call({ until: "2026-03-01" })).toMatchObject({
      until: { calendarDays: -3, direction: "to is before from" },
    });
  });

  it("tells weekdays and formats dates", async () => {
    expect(await call({ datetime: "2026-10-01" })).toMatchObject({
      iso: "2026-10-01T00:00:00+08:00",
      local: expect.stringMatching(/^Thursday, October 1, 2026/),
      localZh: expect.stringMatching(/^2026年10月1日星期四/),
      isoWeekday: 4,
      isoWeek: "2026-W40",
      dayOfYear: 274,
      daysInMonth: 31,
      isWeekend: false,
      timeSpecified: false,
    });
    expect(await call({ format: "yyyy-MM-dd HH:mm EEEE" })).toMatchObject({
      formatted: "2026-03-04 18:00 Wednesday",
    });
    expect(await call({ format: "yyyy年M月d日 EEEE HH:mm" })).toMatchObject({
      formatted: "2026年3月4日 星期三 18:00",
    });
    expect(await call({ format: "unix" })).toMatchObject({ formatted: "1772618400" });
    expect(await call({ format: "rfc2822" })).toMatchObject({ formatted: "Wed, 04 Mar 2026 18:00:00 +0800" });
    expect(await call({ datetime: "2026-03-05T00:00", add: "2h", format: "iso" })).toMatchObject({
      formatted: "2026-03-05T02:00:00+08:00",
    });
  });

  describe("Chinese calendar", () => {
    it("gives the lunar date of 2026-02-17 as 春节 正月初一 丙午 马年", async () => {
      expect(await call({ datetime: "2026-02-17", calendar: "lunar" })).toMatchObject({
        lunar: {
          date: "2026-02-17",
          lunar: "丙午年（马年）正月初一",
          lunarFull: "二〇二六年正月初一",
          lunarMonth: 1,
          lunarDay: 1,
          leapMonth: false,
          yearGanZhi: "丙午",
          zodiac: "马",
          festivals: ["春节"],
        },
      });
    });

    it("knows leap months", async () => {
      expect(await call({ datetime: "2025-07-25", calendar: "lunar" })).toMatchObject({
        lunar: { lunarFull: "二〇二五年闰六月初一", leapMonth: true, lunarMonth: 6 },
      });
      expect(await call({ datetime: "农历2025-闰6-1" })).toMatchObject({
        iso: "2025-07-25T00:00:00+08:00",
        lunar: { leapMonth: true },
      });
      expect(await iso("2025年农历闰六月初一")).toBe("2025-07-25T00:00:00+08:00");
      expect(await failure({ datetime: "农历2026-闰6-1" })).toMatch(/No such lunar date.*leap month 6/);
    });

    it("finds the Gregorian date of a lunar date (中秋 2026)", async () => {
      const midAutumn = {
        iso: "2026-09-25T00:00:00+08:00",
        local: expect.stringMatching(/^Friday/),
        timeSpecified: false,
        daysFromToday: 205,
        lunar: { festivals: ["中秋节"] },
      };
      expect(await call({ datetime: "农历八月十五" })).toMatchObject(midAutumn);
      expect(await call({ datetime: "lunar 8-15" })).toMatchObject(midAutumn);
      expect(await call({ datetime: "中秋" })).toMatchObject(midAutumn);
      expect(await call({ datetime: "2026年中秋节" })).toMatchObject(midAutumn);
    });

    it("takes the next occurrence of a lunar date without a year", async () => {
      // 春节 2026 (02-17) has passed on 2026-03-04, so the next is 2027's.
      expect(await iso("春节")).toBe("2027-02-06T00:00:00+08:00");
      expect(await iso("除夕")).toBe("2027-02-05T00:00:00+08:00");
      expect(await iso("2026年除夕")).toBe("2026-02-16T00:00:00+08:00");
      expect(await iso("正月十六")).toBe("2026-03-04T00:00:00+08:00");
      expect(await call({ until: "春节" })).toMatchObject({ until: { calendarDays: 339 } });
    });

    it("reads a Chinese month and day without 农历 as a Gregorian date", async () => {
      expect(await iso("十月一日")).toMatch(/^2026-10-01T/);
    });

    it("gives the current and next solar term", async () => {
      expect(await call({ calendar: "solar_terms" })).toMatchObject({
        solarTerms: {
          current: { name: "雨水", date: "2026-02-18" },
          next: { name: "惊蛰", date: "2026-03-05" },
          daysUntilNext: 1,
        },
      });
      expect(await call({ datetime: "2026-03-20", calendar: "lunar" })).toMatchObject({
        lunar: { solarTermToday: "春分", currentSolarTerm: { name: "春分", date: "2026-03-20" } },
      });
    });

    it("lists the 24 solar terms of the date's year", async () => {
      const data = (await call({ datetime: "2027", calendar: "solar_terms" })) as {
        solarTerms: { year: number; terms: string[] };
      };
      expect(data.solarTerms.year).toBe(2027);
      expect(data.solarTerms.terms).toHaveLength(24);
      const terms2026 = ((await call({ calendar: "solar_terms" })) as typeof data).solarTerms.terms;
      expect(terms2026[0]).toBe("小寒 2026-01-05");
      expect(terms2026).toContain("冬至 2026-12-22");
      expect(terms2026).toContain("清明 2026-04-05");
    });

    it("refuses years outside the supported range", async () => {
      expect(await failure({ datetime: "1800-01-01", calendar: "lunar" })).toMatch(/1901–2099/);
      expect(await failure({ datetime: "农历1800-8-15" })).toMatch(/1901–2099/);
    });
  });

  describe("errors tell what to send", () => {
    it.each([
      [{ time_zone: "Mars/Base" }, /Unknown time zone.*Asia\/Shanghai/],
      [{ to_time_zone: "Mars/Base" }, /Unknown time zone/],
      [{ add: "a while" }, /Could not understand the duration.*P1DT2H/],
      [{ datetime: "gibberish" }, /Could not understand the date\/time.*next Friday 3pm/],
      [{ until: "gibberish" }, /Could not understand the date\/time/],
      [{ datetime: "2026-13-45" }, /Invalid date\/time.*2026-03-08/],
      [{ datetime: "x".repeat(500) }, /too long/],
      [{ datetime: "农历13月1日" }, /Lunar months are 1–12/],
      [{ datetime: "农历8月31日" }, /Lunar days are 1–30/],
      [{ datetime: "农历什么时候" }, /Could not understand the lunar date.*农历八月十五/],
      [{ datetime: "农历2026年2月30" }, /No such lunar date.*only 29 days/],
      [{ calendar: "mayan" }, /Invalid arguments.*lunar.*solar_terms/],
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
    ["2 hours ago", "PT-2H"],
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

  it("reads German and French phrases, a tie going to the turn's language (Europe/Paris, 11:00 there)", async () => {
    homeZone = "Europe/Paris";
    try {
      const inTurn = async (datetime: string, language: string) => {
        const result = await tool.execute({ datetime }, toolContext({ language }));
        if (!result.success) throw new Error(result.error);
        return (result.data as { iso: string }).iso;
      };
      expect(await inTurn("demain à 9h", "fr")).toBe("2026-03-05T09:00:00+01:00");
      expect(await inTurn("dans une demi-heure", "fr")).toBe("2026-03-04T11:30:00+01:00");
      expect(await inTurn("morgen um halb acht", "de")).toBe("2026-03-05T07:30:00+01:00");
      expect(await inTurn("vor 5 Minuten", "de")).toBe("2026-03-04T10:55:00+01:00");
      // chrono's English reads "8h" as the evening; in a French turn it is eight in the morning.
      expect(await inTurn("8h", "fr")).toBe("2026-03-05T08:00:00+01:00");
      expect(await call({ add: "zwei Stunden" })).toMatchObject({ iso: "2026-03-04T13:00:00+01:00" });
      expect(await failure({ datetime: "quand les poules auront des dents" })).toMatch(
        /^Could not understand the date\/time .*"morgen um 9".*"dans une heure"/,
      );
    } finally {
      homeZone = "Asia/Shanghai";
    }
  });
});
