/**
 * Text normalisation and similarity for matching what people call things ("客厅的灯", "Kitchen Lights",
 * "bed room lamp") against Home Assistant names. Everything here is pure and allocation-light: it runs
 * for every name of every entity when the directory is built, and for every query.
 */

import { fold, isLetters, tokens as wordsOf } from "../words/tokenize.js";

/** Traditional characters common in home names, mapped to simplified so both spellings match. */
const TRADITIONAL: Record<string, string> = Object.fromEntries(
  "燈灯 臥卧 廳厅 門门 關关 開开 簾帘 調调 溫温 濕湿 風风 電电 氣气 廚厨 書书 陽阳 臺台 樓楼 鎖锁 車车 庫库 層层 兒儿 衛卫 間间 邊边 頂顶 櫃柜 掃扫 視视 機机 變变 頻频 熱热 簡简 產产 閘闸 報报 嚮向 動动 燒烧 淨净 體体 傳传 應应 裝装 廁厕 澆浇"
    .split(" ")
    .map((pair) => [pair[0]!, pair[1]!]),
);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export interface NormalizedText {
  /** Lower-case tokens; Latin words singular, CJK runs kept whole. */
  tokens: string[];
  /** Tokens joined without spaces: "living room lights" → "livingroomlight". */
  compact: string;
  /**
   * `compact` with the possessive kept as 的 ("客厅的灯" → "客厅的灯", "kitchen's light" → "kitchen的light"):
   * a phrase about a room's devices is not the name of one device ("客厅灯") said exactly.
   */
  literal: string;
  /**
   * Offsets in `compact` where a word starts or ends (every offset inside a CJK run counts), so that
   * "lock" is found in "front door lock" but not inside "clock".
   */
  boundaries: Set<number>;
}

/**
 * Full-width → ASCII, traditional → simplified, lower case, punctuation and "的" removed; with
 * `keepPossessive`, "的" stays and "'s" becomes "的".
 */
export function canonical(text: string, keepPossessive = false): string {
  let out = fold(text);
  out = out.replace(/[\u3400-\u9fff]/g, (c) => TRADITIONAL[c] ?? c);
  if (keepPossessive) return out.replace(/['’]s\b/g, "的");
  return out.replace(/的/g, " ").replace(/['’]s\b/g, "");
}

const POSSESSIVE = /的|['’]s\b/i;

export function normalize(text: string): NormalizedText {
  const tokens = wordsOf(canonical(text)).map(singular);
  const boundaries = new Set<number>([0]);
  let compact = "";
  for (const token of tokens) {
    const start = compact.length;
    compact += token;
    if (CJK.test(token)) for (let i = start + 1; i < compact.length; i++) boundaries.add(i);
    boundaries.add(compact.length);
  }
  const literal = POSSESSIVE.test(text) ? wordsOf(canonical(text, true)).map(singular).join("") : compact;
  return { tokens, compact, literal, boundaries };
}

/**
 * Plural → singular for the word shapes device names use: English ("lights", "switches", "batteries"), and
 * the plural "-s" of French and German ("lumières", "volets", "Rollos"). Other plurals ("Lichter") are
 * the packs' kind words.
 */
export function singular(word: string): string {
  if (word.length <= 3 || !isLetters(word)) return word;
  const ascii = /^[a-z]+$/.test(word);
  if (ascii && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (ascii && /(?:ch|sh|x|ss|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The grams a string is compared by: character bigrams of the compact form, plus each CJK character
 * and digit alone (a Chinese name is often one or two characters: "灯", "空调"; "2" tells lamps apart).
 */
export function grams(compact: string): string[] {
  const out = new Set<string>();
  if (compact.length === 1) out.add(compact);
  for (let i = 0; i < compact.length; i++) {
    const c = compact[i]!;
    if (CJK.test(c) || (c >= "0" && c <= "9")) out.add(c);
    if (i + 1 < compact.length) out.add(c + compact[i + 1]!);
  }
  return [...out];
}

/**
 * How well a query names something, 0..1, from the grams they share (`overlap`, computed by the
 * caller from an index) and whether one contains the other. Exact equality is 1.
 */
export function similarity(
  query: string,
  queryGrams: number,
  name: string,
  nameGrams: number,
  overlap: number,
): number {
  if (query === name) return 1;
  if (query.length === 0 || name.length === 0) return 0;
  if (name.includes(query)) return 0.8 + 0.15 * (query.length / name.length);
  if (query.includes(name)) return 0.7 + 0.2 * (name.length / query.length);
  if (overlap === 0) return 0;
  const coverage = overlap / queryGrams;
  const dice = (2 * overlap) / (queryGrams + nameGrams);
  return Math.min(0.79, 0.65 * coverage + 0.35 * dice);
}

/** Convenience for callers without an index (small lists: areas, service fields). */
export function similarityOf(a: string, b: string): number {
  const na = normalize(a).compact;
  const nb = normalize(b).compact;
  const ga = grams(na);
  const gb = new Set(grams(nb));
  const overlap = ga.filter((g) => gb.has(g)).length;
  return similarity(na, ga.length, nb, gb.size, overlap);
}

/** Finds `needle` in `hay` starting and ending on word boundaries; returns the offset or -1. */
export function findWord(hay: NormalizedText, needle: string, from = 0): number {
  if (needle.length === 0) return -1;
  for (let at = hay.compact.indexOf(needle, from); at >= 0; at = hay.compact.indexOf(needle, at + 1)) {
    if (hay.boundaries.has(at) && hay.boundaries.has(at + needle.length)) return at;
  }
  return -1;
}

export { isCjk } from "../words/tokenize.js";
