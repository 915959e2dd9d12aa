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

/**
 * Every pack's words of one list, once each. Resolution reads the words of every pack: a home's names
 * and what is said around them may mix languages, and a phrase in a language without a pack is read
 * by its names alone, as none of these words is in it.
 */
export function everyPack<T>(pick: (pack: LanguagePack) => readonly T[]): T[] {
  return [...new Set(Object.values(PACKS).flatMap((pack) => pick(pack)))];
}
