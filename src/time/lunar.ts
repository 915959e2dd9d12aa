import type { JieQi } from "lunar-typescript";
import { DateTime } from "luxon";
import { InputError } from "../input-error.js";
import { lazy } from "../lazy.js";

/** lunar-typescript is large; it loads with the first lunar question. */
const calendar = lazy(() => import("lunar-typescript"));

/** lunar-typescript computes solar-term moments in China Standard Time. */
const TERM_ZONE = "Asia/Shanghai";

const SUPPORTED_YEARS = { min: 1901, max: 2099 };

function checkYear(year: number): void {
  if (year < SUPPORTED_YEARS.min || year > SUPPORTED_YEARS.max) {
    throw new InputError(
      `Lunar calendar dates are supported for ${SUPPORTED_YEARS.min}–${SUPPORTED_YEARS.max} only (农历仅支持${SUPPORTED_YEARS.min}–${SUPPORTED_YEARS.max}年).`,
    );
  }
}

function term(jieQi: JieQi) {
  const solar = jieQi.getSolar();
  return { name: jieQi.getName(), date: solar.toYmd(), time: `${solar.toYmdHms().slice(0, 16)} (UTC+8)` };
}

/** The Chinese lunar date of a local calendar day, with 干支, 生肖, festivals and solar terms. */
export async function lunarOf(day: DateTime) {
  checkYear(day.year);
  const { Solar } = await calendar();
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

/**
 * The Gregorian day of a lunar date (lunar year as 2026 for 丙午), or undefined when that year has no
 * such date (a missing leap month, or day 30 of a short month).
 */
export async function solarOfLunar(
  lunarYear: number,
  lunarMonth: number,
  lunarDay: number,
  leapMonth: boolean,
): Promise<DateTime | undefined> {
  checkYear(lunarYear);
  const { Lunar, LunarYear } = await calendar();
  if (leapMonth && LunarYear.fromYear(lunarYear).getLeapMonth() !== lunarMonth) return undefined;
  let solar;
  try {
    solar = Lunar.fromYmd(lunarYear, leapMonth ? -lunarMonth : lunarMonth, lunarDay).getSolar();
  } catch {
    return undefined;
  }
  return DateTime.fromObject({ year: solar.getYear(), month: solar.getMonth(), day: solar.getDay() });
}

/** The lunar year (number) that a local calendar day falls in. */
export async function lunarYearOf(day: DateTime): Promise<number> {
  checkYear(day.year);
  const { Solar } = await calendar();
  return Solar.fromYmd(day.year, day.month, day.day).getLunar().getYear();
}

/** The solar term in effect on a day, the next one, and all 24 terms of the day's year. */
export async function solarTerms(day: DateTime) {
  checkYear(day.year);
  const { Solar } = await calendar();
  const lunar = Solar.fromYmd(day.year, day.month, day.day).getLunar();
  const current = term(lunar.getPrevJieQi(true));
  const next = term(lunar.getNextJieQi(true));
  const daysUntilNext = Math.round(
    DateTime.fromISO(next.date, { zone: TERM_ZONE }).diff(
      DateTime.fromISO(day.toISODate()!, { zone: TERM_ZONE }),
      "days",
    ).days,
  );
  return { current, next, daysUntilNext, year: day.year, terms: await termsOfYear(day.year) };
}

async function termsOfYear(year: number) {
  const { Solar } = await calendar();
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
