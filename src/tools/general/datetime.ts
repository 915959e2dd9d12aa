import { DateTime } from "luxon";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { parseDuration } from "../../time/duration.js";
import type { HomeTime } from "../../time/home-time.js";
import { lunarOf, solarTerms } from "../../time/lunar.js";
import { checkZone, resolveDateTime } from "../../time/parse.js";
import { dayFacts, diff, format, point } from "./datetime/present.js";

export interface DatetimeOptions {
  /** The current instant and the home's IANA zone (read on every call, so a changed setting applies at once). */
  time: Pick<HomeTime, "now" | "zone">;
}

// One instant (`datetime`, default now, shifted by `add`) and optional views of it, so no operation
// parameter is needed: each view is asked for by its own field.
const parameters = z.object({
  datetime: z.string().optional().describe("ISO, unix or phrase: 明天8点, next Friday 3pm, 农历八月十五"),
  add: z.string().optional().describe("-3 days, P1DT2H, 2周"),
  until: z.string().optional().describe("countdown target"),
  time_zone: z.string().optional(),
  to_time_zone: z.string().optional(),
  format: z.string().optional().describe("unix, iso or Luxon tokens"),
  calendar: z.enum(["lunar", "solar_terms"]).optional(),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION =
  "Dates, weekdays, time zones, countdowns, Chinese lunar calendar (日期/时间/时区/星期几/倒计时/农历/节气). " +
  "Use instead of guessing any date.";

/** A date/time tool, in the home's zone unless asked for another. */
export function datetimeTool(options: DatetimeOptions): Tool {
  const { time } = options;
  return defineTool({
    name: "datetime",
    description: DESCRIPTION,
    parameters,
    execute(args, ctx) {
      let home = "UTC";
      try {
        home = checkZone(time.zone());
      } catch {
        ctx.logger.warn({ timeZone: time.zone() }, "invalid home time zone; using UTC");
      }
      const zone = given(args.time_zone) ? checkZone(args.time_zone) : home;
      return run(args, zone, DateTime.fromMillis(time.now()).setZone(zone), ctx.turn.language);
    },
  });
}

/** A text field given as "" (or spaces) says nothing: it counts as missing. */
function given(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== "";
}

async function run(args: Args, zone: string, now: DateTime, language: string) {
  const base = await resolveDateTime(args.datetime, zone, now, language);
  const duration = given(args.add) ? parseDuration(args.add) : undefined;
  const value = duration ? base.value.plus(duration) : base.value;
  if (!value.isValid) throw new ToolError("The result is out of the supported date range.");
  const toZone = given(args.to_time_zone) ? checkZone(args.to_time_zone) : undefined;
  const until = given(args.until)
    ? (await resolveDateTime(args.until, zone, now, language)).value
    : undefined;
  const lunar = base.kind === "lunar" || args.calendar === "lunar";
  return {
    ...point(value),
    unix: Math.floor(value.toSeconds()),
    ...dayFacts(value),
    ...(base.kind !== "now" && {
      ...(base.matchedText !== undefined && { understood: base.matchedText }),
      timeSpecified: base.timeSpecified,
      ...(base.end && { end: point(base.end) }),
      daysFromToday: Math.round(value.startOf("day").diff(now.startOf("day"), "days").days),
    }),
    ...(duration && {
      added: { from: base.value.toISO({ suppressMilliseconds: true }), duration: duration.toISO() },
    }),
    ...(toZone && { converted: converted(value, toZone) }),
    ...(until && { until: diff(value, until) }),
    ...(given(args.format) && { formatted: format(value, args.format) }),
    ...(lunar && { lunar: await lunarOf(value) }),
    ...(args.calendar === "solar_terms" && { solarTerms: await solarTerms(value) }),
  };
}

function converted(value: DateTime, zone: string) {
  const to = value.setZone(zone);
  return { ...point(to), offsetDifferenceHours: (to.offset - value.offset) / 60 };
}
