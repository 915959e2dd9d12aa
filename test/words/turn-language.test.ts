import { describe, expect, it } from "vitest";
import { speechFor } from "../../src/words/speech-for.js";
import { turnLanguage } from "../../src/words/turn-language.js";
import { PACKS } from "../../src/words/packs.js";

describe("turnLanguage: set once, from what the entry point was told, else the words", () => {
  it("takes a told tag as told, a pack's or not", () => {
    expect(turnLanguage("de-CH", "turn on the light")).toBe("de-CH");
    expect(turnLanguage("nl", "Schalte das Licht ein")).toBe("nl");
    expect(turnLanguage("zh_Hans", "hi")).toBe("zh_Hans");
  });

  it("reads the words when nothing (or nothing like a tag) was told", () => {
    expect(turnLanguage(undefined, "把灯打开")).toBe("zh");
    expect(turnLanguage("", "Allume la lumière du salon")).toBe("fr");
    expect(turnLanguage("None", "Schalte das Licht im Wohnzimmer ein")).toBe("de");
    expect(turnLanguage(undefined, "42")).toBe("und");
    expect(turnLanguage(undefined, undefined)).toBe("und");
  });
});

describe("speechFor: the one fallback", () => {
  it("gives each pack its own words, by the tag's primary subtag", () => {
    expect(speechFor("de-AT")).toBe(PACKS.de.speech);
    expect(speechFor("fr-CA")).toBe(PACKS.fr.speech);
    expect(speechFor("zh-Hant")).toBe(PACKS.zh.speech);
  });

  it("gives English to a language without a pack, and to an undetermined one", () => {
    expect(speechFor("nl")).toBe(PACKS.en.speech);
    expect(speechFor("und")).toBe(PACKS.en.speech);
    expect(speechFor(undefined)).toBe(PACKS.en.speech);
  });

  it("has every line of every pack short enough to say, and each progress line unfinished", () => {
    for (const { language, speech } of Object.values(PACKS)) {
      const { calls, ...lines } = speech.progress;
      for (const line of Object.values(lines)) expect(line.length, language).toBeLessThan(80);
      for (const call of Object.values(calls)) {
        expect(call(undefined), language).toMatch(/…$/);
        expect(call("x"), language).toMatch(/…$/);
      }
    }
  });
});
