import { DateTime, FixedOffsetZone, IANAZone } from "luxon";
import { InputError } from "../input-error.js";
import { tryParseDuration } from "./duration.js";
import { readLunarDate, resolveLunarDate } from "./lunar-text.js";
import { parsePhrase } from "./phrase.js";

/** A date/time the tool understood, and how. */
export interface ResolvedDateTime {
  value: DateTime;
  /** "now", "iso", "unix", "relative" (a duration from now), "lunar" or "phrase" (natural language). */
  kind: "now" | "iso" | "unix" | "relative" | "lunar" | "phrase";
  /** For phrases: the part of the input that was understood. */
  matchedText?: string;
  /** False when the input named only a day and the time of day was filled in. */
  timeSpecified: boolean;
  /** For phrases naming a range ("from 3 to 5pm"): its end. */
  end?: DateTime;
}

const EXAMPLES =
  'Use ISO 8601 like "2026-03-08T14:30" or "2026-03-08", or a phrase like "next Friday 3pm", "明天早上8点", "3天后", "农历八月十五".';

/** Checks an IANA time-zone name (or "UTC", "UTC+8") and returns it normalized. */
export function checkZone(name: string): string {
  const trimmed = name.trim();
  if (/^(utc|gmt|z)$/i.test(trimmed)) return "UTC";
  const offset = /^(?:utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(trimmed);
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3] ?? 0)) * (offset[1] === "-" ? -1 : 1);
    if (Math.abs(minutes) <= 14 * 60) return FixedOffsetZone.instance(minutes).name;
  }
  if (IANAZone.isValidZone(trimmed)) return new IANAZone(trimmed).name;
  throw new InputError(
    `Unknown time zone "${name}" (未知时区). Use an IANA name like Asia/Shanghai, America/New_York, Europe/London, or UTC+8.`,
  );
}

/**
 * Understands a date/time given as ISO 8601, a unix timestamp, a lunar date ("农历八月十五", "中秋"),
 * a duration from now ("3天后", "in 2 hours", "5 minutes ago") or a natural phrase in English or
 * Chinese, relative to `now` in `zone`.
 */
export async function resolveDateTime(
  input: string | undefined,
  zone: string,
  now: DateTime,
): Promise<ResolvedDateTime> {
  const text = (input ?? "").trim();
  const current = now.setZone(zone);
  if (text === "" || /^(now|right now|现在|此刻|当前|目前)$/i.test(text)) {
    return { value: current, kind: "now", timeSpecified: true };
  }
  if (text.length > 200) throw new InputError("The date/time text is too long (at most 200 characters).");

  if (/^\d{10}(\.\d+)?$/.test(text)) {
    return { value: DateTime.fromSeconds(Number(text), { zone }), kind: "unix", timeSpecified: true };
  }
  if (/^\d{13}$/.test(text)) {
    return { value: DateTime.fromMillis(Number(text), { zone }), kind: "unix", timeSpecified: true };
  }
  if (/^\d{4}(-\d{2}|$)/.test(text) || /^\d{8}T/.test(text)) {
    for (const parsed of [DateTime.fromISO(text, { zone }), DateTime.fromSQL(text, { zone })]) {
      if (parsed.isValid) return { value: parsed, kind: "iso", timeSpecified: /[T ]\d/.test(text) };
    }
    throw new InputError(
      `Invalid date/time "${text}" (无效日期): ${DateTime.fromISO(text).invalidExplanation ?? ""}. ${EXAMPLES}`,
    );
  }

  const lunar = readLunarDate(text);
  if (lunar) return { value: await resolveLunarDate(lunar, current), kind: "lunar", timeSpecified: false };

  const relative = relativeFromNow(text, current);
  if (relative) return { value: relative, kind: "relative", timeSpecified: true };

  const phrase = await parsePhrase(text, current, zone);
  if (phrase) return { ...phrase, kind: "phrase" };
  throw new InputError(`Could not understand the date/time "${text}" (无法识别日期时间). ${EXAMPLES}`);
}

/** "3天后", "in 2 hours", "2 weeks from now", "5 minutes ago", "三个月前". */
function relativeFromNow(text: string, now: DateTime): DateTime | undefined {
  const later =
    /^(?:in\s+)?(.+?)\s*(?:later|from now|hence|后|以后|之后|过后)$/i.exec(text) ?? /^in\s+(.+)$/i.exec(text);
  const earlier = /^(.+?)\s*(?:ago|前|以前|之前)$/i.exec(text);
  const match = later ?? earlier;
  if (!match) return undefined;
  const duration = tryParseDuration(match[1]!);
  if (!duration) return undefined;
  return later ? now.plus(duration) : now.minus(duration);
}
