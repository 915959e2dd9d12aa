/** The bench's labelled corpus (bench/knowledge-corpus) and a generator of synthetic passages for scale. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Chunk } from "../src/knowledge/chunking.js";

const DATA = join(import.meta.dirname, "knowledge-corpus");

export interface LabelledQuestion {
  q: string;
  /** The document the answer is in, and text the passage holding it contains. */
  doc: string;
  expect: string;
}

export function corpus(): { name: string; text: string }[] {
  const folder = join(DATA, "docs");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), "utf8") }));
}

export function questions(): LabelledQuestion[] {
  return (JSON.parse(readFileSync(join(DATA, "questions.json"), "utf8")) as { questions: LabelledQuestion[] })
    .questions;
}

export const isChinese = (text: string) => /\p{Script=Han}/u.test(text);

/** A seeded generator, so every run builds the same passages. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Draws ranks 0..n-1 with Zipf's law (s = 1.07), as words are spread in real text. */
function zipf(n: number, next: () => number): () => number {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** 1.07);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  return () => {
    const x = next();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const SYLLABLES = "ka lo mi ne ru sa ti vo pe da gu li fo ha ze bi no ta re ku wa si me po ja".split(" ");
const HAN =
  "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处府研质传";

/**
 * `count` passages of made-up text, half English-like (a vocabulary of 20,000 words built from syllables),
 * half Chinese (500 characters), each about 200 tokens, word frequencies following Zipf's law: enough to
 * load the index as real documents would, not to be found by the labelled questions.
 */
export function syntheticChunks(count: number, seed = 42): Chunk[] {
  const next = random(seed);
  const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
    let word = "";
    for (let n = i + 1, k = 0; n > 0 || k < 2; n = Math.floor(n / SYLLABLES.length), k++)
      word += SYLLABLES[n % SYLLABLES.length];
    return word;
  });
  const han = [...HAN];
  const word = zipf(vocabulary.length, next);
  const char = zipf(han.length, next);
  const chunks: Chunk[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      const words = Array.from({ length: 150 }, () => vocabulary[word()]);
      chunks.push({ heading: `Section ${i}`, text: `${words.join(" ")}.` });
    } else {
      const chars = Array.from({ length: 200 }, (_, k) => han[char()] + (k % 25 === 24 ? "。" : ""));
      chunks.push({ heading: `第${i}节`, text: chars.join("") });
    }
  }
  return chunks;
}
