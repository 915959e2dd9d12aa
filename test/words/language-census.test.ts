import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languageCensus } from "./language-census.js";

// Before the words moved into src/words (issue 32, at 388662b): 67 files (66 with Han characters, 4 with an
// English word list, 0 with accented Latin letters); after the move, 52 (51, 3, 0); after the time words
// moved (TimeWords: knowledge/time-range.ts's periods, phrase.ts's past cues), 51 (50, 2, 0). The bound only
// goes down: a new rule's words go into a pack.
const BOUND = 51;

describe("language data outside src/words", () => {
  it(`is in at most ${BOUND} source files`, () => {
    const census = languageCensus(join(import.meta.dirname, "../.."));
    console.log(
      `language census: ${census.length} files (Han ${census.filter((e) => e.han).length}, ` +
        `accented Latin ${census.filter((e) => e.latin).length}, English word lists ${census.filter((e) => e.englishList).length})`,
    );
    expect(
      census.map((entry) => entry.file).length,
      census.map((e) => e.file).join("\n"),
    ).toBeLessThanOrEqual(BOUND);
  });
});
