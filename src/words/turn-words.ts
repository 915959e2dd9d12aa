import { detectLanguage } from "./detect.js";
import type { LanguagePack } from "./pack.js";
import { packFor } from "./packs.js";

/**
 * The words of a turn: the pack of the language the entry point set on it, else of the language its
 * text reads as. Undefined for a language without a pack: then no rule reads the words.
 */
export function turnWords(language: string | undefined, text: string): LanguagePack | undefined {
  return packFor(language ?? detectLanguage(text));
}
