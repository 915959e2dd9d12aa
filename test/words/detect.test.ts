import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../src/words/detect.js";

/**
 * The detector is a heuristic on free text, measured on HA's own test sentences (OHF-Voice/intents at
 * 3e74ab7, tests/<lang>/*.yaml, 240 sentences per language sampled evenly; see language-corpus/README.md).
 * Split before tuning: every fourth sentence (index % 4 === 3) is held out; the marker words were chosen
 * looking at the rest only. Dutch has no pack: it should come out undetermined, and each time it comes
 * out as a pack language, a Dutch user not told by HA would hear that language's lines.
 *
 * Last run (tuning / held-out): en 95.6 / 98.3 % right, 0 / 0 % wrong; de 97.2 / 86.7 % right, 0 / 0 %
 * wrong; fr 92.8 / 88.3 % right, 0 / 3.3 % wrong; nl (no pack) 77.2 / 78.3 % undetermined, 22.8 / 21.7 %
 * read as a pack language. The rest is undetermined: English lines, and no rule reads the words.
 */
const LANGUAGES = ["en", "de", "fr", "nl"] as const;
const corpus = (language: string) =>
  readFileSync(new URL(`./language-corpus/${language}.txt`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim());

interface Rates {
  n: number;
  right: number;
  undetermined: number;
  wrong: number;
}

function measure(held: boolean): Record<string, Rates> {
  const rates: Record<string, Rates> = {};
  for (const language of LANGUAGES) {
    const lines = corpus(language).filter((_, i) => (i % 4 === 3) === held);
    const rate: Rates = { n: lines.length, right: 0, undetermined: 0, wrong: 0 };
    for (const line of lines) {
      const found = detectLanguage(line);
      const expected = language === "nl" ? undefined : language;
      if (found === expected) rate.right++;
      else if (found === undefined) rate.undetermined++;
      else rate.wrong++;
    }
    rates[language] = rate;
  }
  return rates;
}

function print(label: string, rates: Record<string, Rates>): void {
  for (const [language, r] of Object.entries(rates)) {
    const pct = (k: number) => `${((100 * k) / r.n).toFixed(1)} %`;
    console.log(
      `${label} ${language}: n=${r.n} right ${pct(r.right)} undetermined ${pct(r.undetermined)} wrong ${pct(r.wrong)}`,
    );
  }
}

describe("detectLanguage", () => {
  it("knows Chinese by its script, with certainty", () => {
    expect(detectLanguage("把客厅的灯打开")).toBe("zh");
    expect(detectLanguage("turn on 客厅灯")).toBe("zh");
  });

  it("finds nothing where nothing shows a language", () => {
    expect(detectLanguage("")).toBeUndefined();
    expect(detectLanguage("42")).toBeUndefined();
    expect(detectLanguage("OK")).toBeUndefined();
  });

  it("reads en, de and fr on HA's intents sentences, held-out part apart", () => {
    const tuning = measure(false);
    const held = measure(true);
    print("tuning", tuning);
    print("held-out", held);
    for (const language of ["en", "de", "fr"]) {
      // A wrong language is the costly error (lines in a language the user may not speak); undetermined
      // falls back to English lines and no word rule.
      expect(held[language]!.wrong / held[language]!.n).toBeLessThanOrEqual(0.05);
      expect(held[language]!.right / held[language]!.n).toBeGreaterThanOrEqual(0.85);
    }
  });
});
