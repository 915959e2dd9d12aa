import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { normalize } from "../../src/ha/text.js";
import { KIND_LABELS, PLACE_LABELS } from "../../src/words/home.js";
import { PACKS } from "../../src/words/packs.js";
import { words } from "../../src/words/tokenize.js";

const INTENTS = join(import.meta.dirname, "../../eval/datasets/home-assistant-intents");

describe("the home words of each pack", () => {
  it("fill every kind and place, and no word is blank", () => {
    for (const pack of Object.values(PACKS)) {
      expect(Object.keys(pack.home.kinds).sort()).toEqual([...KIND_LABELS].sort());
      expect(Object.keys(pack.home.places).sort()).toEqual([...PLACE_LABELS].sort());
      const all = [
        ...Object.values(pack.home.kinds).flat(),
        ...pack.home.all,
        ...pack.home.requestStart,
        ...pack.home.requestEnd,
        ...pack.home.fillers,
        ...pack.home.roomWords,
      ];
      expect(all.filter((w) => !w.trim() || w !== w.toLowerCase())).toEqual([]);
      expect(pack.home.all.length, pack.language).toBeGreaterThan(0);
    }
  });

  it("name the rooms of HA's German and French test homes by words of their names", () => {
    for (const [language, folder] of [
      ["de", "de"],
      ["fr", "fr"],
    ] as const) {
      const doc = parse(readFileSync(join(INTENTS, folder, "_fixtures.yaml"), "utf8")) as {
        areas: { name: string }[];
      };
      const said = new Set(doc.areas.flatMap((a) => normalize(a.name).tokens));
      expect(PACKS[language].home.roomWords.filter((w) => !said.has(normalize(w).compact))).toEqual([]);
    }
  });

  it("are read as the tokenizer reads them: Küche and lumière whole", () => {
    expect(words("Schalte das Licht in der Küche an")).toContain("küche");
    expect(words("Éteins la lumière au rez-de-chaussée")).toEqual([
      "éteins",
      "la",
      "lumière",
      "au",
      "rez",
      "de",
      "chaussée",
    ]);
    expect(words("把客厅的灯打开")).toEqual(["把客厅的灯打开"]);
  });
});
