import { de } from "./de/index.js";
import { en } from "./en/index.js";
import { fr } from "./fr/index.js";
import { packLanguage, type PackLanguage } from "./language.js";
import type { LanguagePack } from "./pack.js";
import { zh } from "./zh/index.js";

export const PACKS: { readonly [L in PackLanguage]: LanguagePack } = { en, zh, de, fr };

/** The pack for a language tag, or undefined where Cyrene has none: then no rule reads the words. */
export function packFor(tag: string | undefined): LanguagePack | undefined {
  const language = packLanguage(tag);
  return language && PACKS[language];
}
