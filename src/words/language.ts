/** The languages Cyrene has a word pack for. A language outside this list gets no rule that reads words. */
export const PACK_LANGUAGES = ["en", "zh", "de", "fr"] as const;
export type PackLanguage = (typeof PACK_LANGUAGES)[number];

/**
 * The pack language of a BCP 47 tag as HA and browsers send it ("zh-cn", "zh-Hans", "de-CH", "fr"), or
 * undefined for a language Cyrene has no pack for ("nl", "pt-BR").
 */
export function packLanguage(tag: string | undefined): PackLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return PACK_LANGUAGES.find((language) => language === primary);
}

/**
 * The language of a turn: a pack language, another BCP 47 tag an entry point was told ("nl", "pt-BR"), or
 * `UNDETERMINED` when nothing told it and the text did not show it. Rules that read words take the pack
 * for it (none outside the packs); what Cyrene says takes `speechFor` (words/speech-for.ts).
 */
export type TurnLanguage = PackLanguage | (string & {});

/** BCP 47's tag for "undetermined": nothing told the language and the text did not show it. */
export const UNDETERMINED = "und";
