import { turnLanguage } from "../../words/turn-language.js";
import type { TurnLanguage } from "../../words/language.js";
import type { WyomingEvent } from "./framing.js";

/**
 * The language of a transcript: the `language` Wyoming's transcript event may carry (HA 2026.2's
 * conversation agent sends none: homeassistant/components/wyoming/conversation.py), else what the text
 * shows (words/detect.ts).
 */
export function transcriptLanguage(event: WyomingEvent, text: string): TurnLanguage {
  const told = typeof event.data.language === "string" ? event.data.language : undefined;
  return turnLanguage(told, text);
}
