import type { HomeAssistant } from "../ha/index.js";
import { InputError } from "../input-error.js";
import { tryParseDuration } from "../time/duration.js";
import { PACKS } from "../words/packs.js";

export interface SunTime {
  event: "sunrise" | "sunset";
  /** After the event (positive) or before it (negative). */
  offsetMs: number;
}

const OFFSET_WORDS = Object.values(PACKS).map((pack) => pack.reminderTimes.sunOffset);

/**
 * "half an hour after sunset", "sunset+30m", "日落后半小时", "日出前15分钟": the sun event and the
 * offset, or undefined when the text names no sunrise or sunset (in any pack's words).
 */
export function readSunTime(text: string): SunTime | undefined {
  for (const pack of Object.values(PACKS)) {
    const { sunrise, sunset, before } = pack.scheduledActions.sun;
    const event = sunset.test(text) ? "sunset" : sunrise.test(text) ? "sunrise" : undefined;
    if (!event) continue;
    const negative = before.test(text) || /-\s*\d/.test(text);
    const rest = offsetText(text.replace(event === "sunset" ? sunset : sunrise, " ").replace(before, " "));
    if (!rest) return { event, offsetMs: 0 };
    const duration = tryParseDuration(rest);
    if (!duration)
      throw new InputError(
        `Could not read the offset "${rest}" from ${event}; send it as "${event}+30m" or "${event}-15m".`,
      );
    const ms = duration.toMillis();
    return { event, offsetMs: negative ? -ms : ms };
  }
  return undefined;
}

/** What is left of an offset once every pack's spoken amounts are made plain and its filler words gone. */
function offsetText(text: string): string {
  let rest = text;
  for (const { amounts } of OFFSET_WORDS)
    for (const [spoken, plain] of amounts) rest = rest.replace(spoken, plain);
  rest = rest.replace(/[-+]/g, " ");
  for (const { after } of OFFSET_WORDS) rest = rest.replace(after, " ");
  for (const { at } of OFFSET_WORDS) rest = rest.replace(at, "");
  return rest.trim();
}

/** The instant of the next sunrise or sunset plus the offset, from HA's `sun.sun` (next_rising, next_setting). */
export async function sunInstant(ha: HomeAssistant, sun: SunTime): Promise<number> {
  const home = await ha.snapshot().catch((error: unknown) => {
    throw new InputError(
      `Home Assistant is unavailable, so the ${sun.event} time is unknown (${(error as Error).message}).`,
    );
  });
  const attribute = sun.event === "sunset" ? "next_setting" : "next_rising";
  const next = home.states["sun.sun"]?.attributes?.[attribute];
  const at = typeof next === "string" ? Date.parse(next) : NaN;
  if (!Number.isFinite(at)) {
    throw new InputError(
      `Home Assistant has no ${sun.event} time (sun.sun's ${attribute}); is the sun integration set up? Give a clock time instead.`,
    );
  }
  return at + sun.offsetMs;
}
