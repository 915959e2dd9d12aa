import type { Chrono, ParsedComponents } from "chrono-node";
import { DateTime, FixedOffsetZone } from "luxon";
import { lazy } from "../lazy.js";
import { anyNumber } from "./numerals.js";
import { detectLanguage } from "../words/detect.js";

/** A natural-language date/time, as chrono understood it. */
export interface Phrase {
  value: DateTime;
  matchedText: string;
  timeSpecified: boolean;
  end?: DateTime;
}

/** chrono-node is large; it loads with the first phrase to understand. */
const parsers = lazy(async () => {
  const chrono = await import("chrono-node");
  return { english: chrono.casual, chinese: teachChinese(chrono.zh.hans.casual.clone()) };
});

/** Chinese (simplified) first for text with CJK characters, English otherwise. */
export async function parsePhrase(text: string, now: DateTime, zone: string): Promise<Phrase | undefined> {
  const { english, chinese } = await parsers();
  // chrono's time-zone handling is unreliable for relative Chinese phrases, so it works in the
  // machine's local time on a reference whose local wall clock equals the wall clock in `zone`;
  // the components it finds are then read as a wall-clock time in `zone`.
  const reference = new Date(
    now.year,
    now.month - 1,
    now.day,
    now.hour,
    now.minute,
    now.second,
    now.millisecond,
  );
  const cjk = detectLanguage(text) === "zh";
  // Forward by default ("monday" is the coming one), but "last monday" is the one just past.
  const forwardDate = !PAST_CUE.test(text);
  for (const parser of cjk ? [chinese, english] : [english, chinese]) {
    const [result] = parser.parse(text, reference, { forwardDate });
    if (!result) continue;
    return {
      value: toDateTime(result.start, zone),
      matchedText: result.text,
      timeSpecified: result.start.isCertain("hour"),
      end: result.end ? toDateTime(result.end, zone) : undefined,
    };
  }
  return undefined;
}

function toDateTime(components: ParsedComponents, zone: string): DateTime {
  const fields = {
    year: components.get("year") ?? undefined,
    month: components.get("month") ?? undefined,
    day: components.get("day") ?? undefined,
    hour: components.get("hour") ?? 0,
    minute: components.get("minute") ?? 0,
    second: components.get("second") ?? 0,
    millisecond: components.get("millisecond") ?? 0,
  };
  if (components.isCertain("timezoneOffset")) {
    const offset = components.get("timezoneOffset") ?? 0;
    return DateTime.fromObject(fields, { zone: FixedOffsetZone.instance(offset) }).setZone(zone);
  }
  return DateTime.fromObject(fields, { zone });
}

const PAST_CUE = /\b(last|past|previous|ago)\b/i;

const WEEKDAYS = "一二三四五六";

/** Teaches chrono's simplified-Chinese parser a few common phrases it lacks or gets wrong. */
function teachChinese(parser: Chrono): Chrono {
  // A Chinese week runs Monday to Sunday: 上周日 is yesterday-week's Sunday, the day before this Monday
  // (chrono counts from Sunday and lands a week early; 下周日 a week late). First, so it wins ties.
  parser.parsers.unshift({
    pattern: () => /(上|下|这|本)个?(?:周|星期|礼拜)([一二三四五六日天])/,
    extract: (context, match) => {
      const weeks = match[1] === "上" ? -1 : match[1] === "下" ? 1 : 0;
      const weekday = WEEKDAYS.indexOf(match[2]!) + 1 || 7;
      const day = DateTime.fromJSDate(context.refDate)
        .startOf("week", { useLocaleWeeks: false })
        .plus({ weeks, days: weekday - 1 });
      return { year: day.year, month: day.month, day: day.day };
    },
  });
  parser.parsers.push(
    {
      pattern: () => /大后天|大前天/,
      extract: (context, match) => {
        const day = DateTime.fromJSDate(context.refDate).plus({ days: match[0] === "大后天" ? 3 : -3 });
        return { year: day.year, month: day.month, day: day.day };
      },
    },
    {
      pattern: () => /(下|上|这|本)个?月\s*([0-9]{1,2}|[一二三四五六七八九十]{1,3})\s*[号日]/,
      extract: (context, match) => {
        const shift = match[1] === "下" ? 1 : match[1] === "上" ? -1 : 0;
        const month = DateTime.fromJSDate(context.refDate).startOf("month").plus({ months: shift });
        const day = anyNumber(match[2]!);
        if (!day || day > month.daysInMonth!) return null;
        return { year: month.year, month: month.month, day };
      },
    },
  );
  return parser;
}
