/**
 * The one way Cyrene cuts text into words, for every language: a word is a run of letters (with their
 * combining marks) and digits in any script, so "Küche", "lumière" and "Rez-de-chaussée"'s parts stay
 * whole; a run of CJK ideographs is one token, as Chinese has no spaces (the readers of those runs find
 * words inside them). This is what `Intl.Segmenter`'s word boundaries give for space-separated scripts,
 * without its dictionary cuts of Chinese and at a fraction of its cost: resolution tokenizes every name
 * of every entity.
 *
 * Folding follows Home Assistant's intent matching (hassil's normalize_text: Unicode NFC, "’" as "'",
 * then case-insensitive): accents are kept, as HA keeps them ("Küche" is not "Kuche").
 */

/** CJK ideographs, the compatibility block included. */
export const CJK_CLASS = "\\u3400-\\u9fff\\uf900-\\ufaff";
const CJK = new RegExp(`[${CJK_CLASS}]`);
const TOKEN = new RegExp(`[${CJK_CLASS}]+|(?:(?![${CJK_CLASS}])[\\p{L}\\p{M}\\p{N}])+`, "gu");
const LETTERS = /^\p{L}+$/u;

/** Text as words are compared: compatibility forms unified (full-width → ASCII), "’" as "'", lower case. */
export function fold(text: string): string {
  return text.normalize("NFKC").replace(/’/g, "'").toLowerCase();
}

/** The words of already folded text, in order; a CJK run is one token. */
export function tokens(folded: string): string[] {
  return folded.match(TOKEN) ?? [];
}

/** The words of any text, folded. */
export function words(text: string): string[] {
  return tokens(fold(text));
}

export function isCjk(text: string): boolean {
  return CJK.test(text);
}

/** A word of letters only (any script but CJK runs): the words plural endings apply to. */
export function isLetters(word: string): boolean {
  return LETTERS.test(word) && !CJK.test(word);
}
