import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { enHome } from "../../src/words/en/home.js";
import { normalize } from "../../src/ha/text.js";

const FIXTURES = join(
  import.meta.dirname,
  "../../eval/datasets/home-assistant-datasets/device-actions-v2-fixtures",
);

/** The last word of every room name in the public dataset's homes ("Master Bedroom" → bedroom). */
function headWords(): Set<string> {
  const heads = new Set<string>();
  for (const home of readdirSync(FIXTURES)) {
    let doc: { areas?: { name: string }[] };
    try {
      doc = parse(readFileSync(join(FIXTURES, home, "_fixtures.yaml"), "utf8"));
    } catch {
      continue;
    }
    for (const area of doc.areas ?? [])
      for (const part of area.name.replace(/\(.*?\)/g, "").split("/")) {
        const head = normalize(part).tokens.at(-1);
        if (head) heads.add(head);
      }
  }
  return heads;
}

describe("room words", () => {
  it("of the English pack are the head words of room names in allenporter/home-assistant-datasets' homes", () => {
    const heads = headWords();
    expect(heads.size).toBeGreaterThan(40);
    expect(enHome.roomWords.filter((word) => !heads.has(normalize(word).compact))).toEqual([]);
  });
});
