import { UNDETERMINED, type TurnLanguage } from "./language.js";
import { packFor, PACKS } from "./packs.js";
import type { LanguagePack } from "./pack.js";
import type { SpeechWords } from "./speech.js";

/**
 * What Cyrene says in a turn's language. The one place a language falls back: one without a pack
 * ("nl", "pt-BR") or undetermined hears English, the language Cyrene's own lines are written first in
 * (the LLM's answers still follow the user; only these few fixed lines do not). Never used to pick
 * which words a rule reads: a rule takes `packFor`, which has no fallback.
 */
export function spokenPack(language: TurnLanguage | undefined): LanguagePack {
  return packFor(language ?? UNDETERMINED) ?? PACKS.en;
}

/** What Cyrene's own fixed lines say in a turn's language (spokenPack's speech). */
export function speechFor(language: TurnLanguage | undefined): SpeechWords {
  return spokenPack(language).speech;
}
