import { describe, expect, it } from "vitest";
import { PACK_LANGUAGES } from "../../src/words/language.js";
import { PACKS } from "../../src/words/packs.js";
import { turnWords } from "../../src/words/turn-words.js";

describe("a turn's words", () => {
  it("are the pack of the turn's language, else of its text's; none for a language without a pack", () => {
    expect(turnWords("de-CH", "Ist das Licht an?")?.language).toBe("de");
    expect(turnWords("fr", "is the light on?")?.language).toBe("fr");
    expect(turnWords(undefined, "灯开着吗？")?.language).toBe("zh");
    expect(turnWords(undefined, "is the light on?")?.language).toBe("en");
    expect(turnWords("nl", "Is de lamp aan?")).toBeUndefined();
  });
});

describe("the question before acting, in each language", () => {
  it.each([
    ["en", "Do you want me to turn on Bed Light?", "Do you want me to turn off Bed Light and Fan?"],
    ["zh", "要我打开Bed Light吗？", "要我关闭Bed Light和Fan吗？"],
    ["de", "Soll ich Bed Light einschalten?", "Soll ich Bed Light und Fan ausschalten?"],
    ["fr", "Dois-je allumer Bed Light ?", "Dois-je éteindre Bed Light et Fan ?"],
  ] as const)("%s", (language, on, off) => {
    const { actionLines } = PACKS[language];
    expect(actionLines.askBeforeActing("turn_on", ["Bed Light"])).toBe(on);
    expect(actionLines.askBeforeActing("turn_off", ["Bed Light", "Fan"])).toBe(off);
  });

  it.each(PACK_LANGUAGES)("%s: a service without words of its own is still a question", (language) => {
    expect(PACKS[language].actionLines.askBeforeActing("set_preset_mode", ["Fan"])).toMatch(/Fan.*[?？]$/);
  });
});
