import { Lunar, Solar, type JieQi } from "lunar-typescript";
import { DateTime } from "luxon";
import { ToolError } from "../../contract.js";

/** lunar-typescript computes solar-term moments in China Standard Time. */
const TERM_ZONE = "Asia/Shanghai";

const SUPPORTED_YEARS = { min: 1901, max: 2099 };

function checkYear(year: number): void {
  if (year < SUPPORTED_YEARS.min || year > SUPPORTED_YEARS.max) {
    throw new ToolError(
      `Lunar calendar dates are supported for ${SUPPORTED_YEARS.min}–${SUPPORTED_YEARS.max} only (农历仅支持${SUPPORTED_YEARS.min}–${SUPPORTED_YEARS.max}年).`,
    );
  }
}

function term(jieQi: JieQi) {
  const solar = jieQi.getSolar();
  return { name: jieQi.getName(), date: solar.toYmd(), time: `${solar.toYmdHms().slice(0, 16)} (UTC+8)` };
}

/** The Chinese lunar date of a local calendar day, with 干支, 生肖, festivals and solar terms. */
export function lunarOf(day: DateTime) {
  checkYear(day.year);
  const solar = Solar.fromYmd(day.year, day.month, day.day);
  const lunar = solar.getLunar();
  const month = lunar.getMonth();
  const festivals = [...lunar.getFestivals(), ...solar.getFestivals()];
  return {
    date: solar.toYmd(),
    lunar: `${lunar.getYearInGanZhi()}年（${lunar.getYearShengXiao()}年）${lunar.getMonthInChinese()}月${lunar.getDayInChinese()}`,
    lunarFull: lunar.toString(),
    lunarYear: lunar.getYear(),
    lunarMonth: Math.abs(month),
    lunarDay: lunar.getDay(),
    leapMonth: month < 0,
    yearGanZhi: lunar.getYearInGanZhi(),
    monthGanZhi: lunar.getMonthInGanZhi(),
    dayGanZhi: lunar.getDayInGanZhi(),
    zodiac: lunar.getYearShengXiao(),
    ...(festivals.length ? { festivals } : {}),
    ...(lunar.getJieQi() ? { solarTermToday: lunar.getJieQi() } : {}),
    currentSolarTerm: term(lunar.getPrevJieQi(true)),
    nextSolarTerm: term(lunar.getNextJieQi(true)),
  };
}

/** The solar (Gregorian) date of a lunar date. `lunarYear` is the lunar year (as 2026 for 丙午). */
export function solarOfLunar(
  lunarYear: number,
  lunarMonth: number,
  lunarDay: number,
  leapMonth: boolean,
): DateTime {
  checkYear(lunarYear);
  if (!Number.isInteger(lunarMonth) || lunarMonth < 1 || lunarMonth > 12) {
    throw new ToolError("lunar_month must be 1–12 (正月 = 1, 腊月 = 12).");
  }
  if (!Number.isInteger(lunarDay) || lunarDay < 1 || lunarDay > 30)
    throw new ToolError("lunar_day must be 1–30.");
  let lunar: Lunar;
  try {
    lunar = Lunar.fromYmd(lunarYear, leapMonth ? -lunarMonth : lunarMonth, lunarDay);
  } catch (error) {
    const what = leapMonth ? `闰${lunarMonth}月` : `${lunarMonth}月`;
    throw new ToolError(
      `No such lunar date: ${lunarYear}年${what}${lunarDay}日 (${(error as Error).message}). ` +
        (leapMonth ? "That year may have no such leap month." : "That month may have only 29 days."),
    );
  }
  const solar = lunar.getSolar();
  return DateTime.fromObject({ year: solar.getYear(), month: solar.getMonth(), day: solar.getDay() });
}

/** The lunar year (number) that a local calendar day falls in. */
export function lunarYearOf(day: DateTime): number {
  checkYear(day.year);
  return Solar.fromYmd(day.year, day.month, day.day).getLunar().getYear();
}

/** The solar term in effect on a day and the next one; with `year`, all 24 terms of that year. */
export function solarTerms(day: DateTime, year?: number) {
  checkYear(day.year);
  const lunar = Solar.fromYmd(day.year, day.month, day.day).getLunar();
  const current = term(lunar.getPrevJieQi(true));
  const next = term(lunar.getNextJieQi(true));
  const daysUntilNext = Math.round(
    DateTime.fromISO(next.date, { zone: TERM_ZONE }).diff(
      DateTime.fromISO(day.toISODate()!, { zone: TERM_ZONE }),
      "days",
    ).days,
  );
  const base = { date: day.toISODate(), current, next, daysUntilNext };
  if (year === undefined) return base;
  return { ...base, year, terms: termsOfYear(year) };
}

function termsOfYear(year: number) {
  checkYear(year);
  // From 31 December before, each step finds the first term strictly after the previous one.
  const terms: string[] = [];
  let solar = Solar.fromYmd(year - 1, 12, 31);
  while (terms.length < 24) {
    const next = solar.getLunar().getNextJieQi(true);
    solar = next.getSolar();
    if (solar.getYear() !== year) break;
    terms.push(`${next.getName()} ${solar.toYmd()}`);
  }
  return terms;
}
