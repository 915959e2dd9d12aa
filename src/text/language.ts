export type Language = "zh" | "en";

const HAN = /\p{Script=Han}/u;

/**
 * The language to answer `text` in, where nothing else says it: Chinese when it has a Chinese
 * character (Han script, any plane), English otherwise.
 */
export function languageOf(text: string): Language {
  return HAN.test(text) ? "zh" : "en";
}
