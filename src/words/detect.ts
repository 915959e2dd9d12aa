import type { PackLanguage } from "./language.js";
import { PACKS } from "./packs.js";

const WORD = /[\p{L}\p{M}]+/gu;

/**
 * The pack language a text shows, when nothing told the turn its language: the language whose script it
 * writes (Han → zh, certain); else the one whose marker words and letters it has most of (words/markers.ts),
 * when one has strictly more than every other; else undefined (a tie, nothing found, a language without a
 * pack). A heuristic: error rates on HA's intents sentences are in test/words/detect.test.ts.
 */
export function detectLanguage(text: string): PackLanguage | undefined {
  const packs = Object.values(PACKS);
  for (const { language, markers } of packs) if (markers.script?.test(text)) return language;
  const words = text.toLowerCase().match(WORD) ?? [];
  let best: PackLanguage | undefined;
  let bestScore = 0;
  let tie = false;
  for (const { language, markers } of packs) {
    const letters = markers.letters ? (text.toLowerCase().match(markers.letters)?.length ?? 0) : 0;
    const score = letters + words.filter((word) => markers.words.has(word)).length;
    if (score > bestScore) [best, bestScore, tie] = [language, score, false];
    else if (score === bestScore && score > 0) tie = true;
  }
  return tie ? undefined : best;
}
