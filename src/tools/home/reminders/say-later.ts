import { DateTime } from "luxon";
import type { PlannedAction } from "../iot/risk.js";
import type { ScheduledActionWords } from "../../../words/scheduled-actions.js";

/** "At 09:00 I'll turn on Bed Light." / "明天 07:00 我会打开 窗帘。": what will happen and when, plainly. */
export function sayLater(
  words: ScheduledActionWords,
  action: PlannedAction,
  at: number,
  now: number,
  zone: string,
): string {
  const when = DateTime.fromMillis(at, { zone });
  const today = DateTime.fromMillis(now, { zone });
  const day = when.hasSame(today, "day")
    ? "today"
    : when.hasSame(today.plus({ days: 1 }), "day")
      ? "tomorrow"
      : { date: when.toFormat("yyyy-MM-dd") };
  const verb = words.verbs[action.service] ?? `${action.domain}.${action.service}`;
  const names = action.entities.map((e) => e.name).join(", ");
  const settings = Object.entries(action.data)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(", ");
  const sentence = words.willDo(words.when(day, when.toFormat("HH:mm")), verb, names || action.service);
  return settings ? `${sentence.slice(0, -1)} (${settings})${sentence.slice(-1)}` : sentence;
}
