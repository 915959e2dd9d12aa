import { DateTime, FixedOffsetZone, IANAZone } from "luxon";
import { InputError } from "../input-error.js";
import { tryParseDuration } from "./duration.js";
import { readLunarDate, resolveLunarDate } from "./lunar-text.js";
import { parsePhrase } from "./phrase.js";
import { PACKS } from "../words/packs.js";

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
  /** For phrases: read whole, a time of day and no day ("um 7 Uhr", "à 8h"). */
  timeOfDayOnly?: boolean;
}

const TIME_WORDS = Object.values(PACKS).map((pack) => pack.time);

/** Phrases understood, in every pack's language, for the errors that say what to send. */
export const PHRASE_EXAMPLES = TIME_WORDS.flatMap((words) => words.examples)
  .map((example) => `"${example}"`)
  .join(", ");

const EXAMPLES = `Use ISO 8601 like "2026-03-08T14:30" or "2026-03-08", or a phrase like ${PHRASE_EXAMPLES}.`;
const NOW = new Set(TIME_WORDS.flatMap((words) => words.now));

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
 * a duration from now ("3天后", "in 2 hours", "vor 5 Minuten", "dans une demi-heure") or a natural phrase
 * in any pack's language, relative to `now` in `zone`. `language`, the turn's when it is known, decides
 * which language's reading wins a tie (phrase.ts).
 */
export async function resolveDateTime(
  input: string | undefined,
  zone: string,
  now: DateTime,
  language?: string,
): Promise<ResolvedDateTime> {
  const text = (input ?? "").trim();
  const current = now.setZone(zone);
  if (text === "" || NOW.has(text.toLowerCase().replace(/\s+/g, " "))) {
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
  // "erinnere mich in einer halben Stunde" is from now; "morgen in 2 Stunden" names a day first: a phrase.
  const before = relative && text.slice(0, relative.at).trim();
  if (relative && (!before || !(await parsePhrase(before, current, zone, language)))) {
    return { value: relative.value, kind: "relative", timeSpecified: true };
  }

  const phrase = await parsePhrase(text, current, zone, language);
  if (phrase) return { ...phrase, kind: "phrase" };
  throw new InputError(`Could not understand the date/time "${text}" (无法识别日期时间). ${EXAMPLES}`);
}

/** "3天后", "in 2 hours", "5 minutes ago", "in einer halben Stunde", "il y a 5 minutes", in any pack's words. */
function relativeFromNow(text: string, now: DateTime): { value: DateTime; at: number } | undefined {
  for (const [patterns, sign] of [
    [TIME_WORDS.flatMap((words) => words.later), 1],
    [TIME_WORDS.flatMap((words) => words.earlier), -1],
  ] as const) {
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      const duration = match && tryParseDuration(match[1]!);
      if (duration) return { value: sign > 0 ? now.plus(duration) : now.minus(duration), at: match.index };
    }
  }
  return undefined;
}
