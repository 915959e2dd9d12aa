import { describe, expect, it } from "vitest";
import { clip } from "../../src/text/clip.js";
import { TOOL_NAME } from "../../src/text/tool-name.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("clip", () => {
  it("leaves a text that fits as it is", () => {
    expect(clip("hello", 5)).toBe("hello");
    expect(clip("", 3)).toBe("");
    expect(clip("家人👨‍👩‍👧", 3)).toBe("家人👨‍👩‍👧");
  });

  it("cuts a longer text to `max` characters, the ellipsis one of them", () => {
    expect(clip("abcdefghij", 5)).toBe("abcd…");
    expect([...clip("a".repeat(1000), 80)]).toHaveLength(80);
  });

  it("counts what people see: an emoji family or an accented letter is one character", () => {
    const family = "👨‍👩‍👧‍👦"; // 11 code units, one grapheme
    expect(clip(family.repeat(3), 3)).toBe(family.repeat(3));
    expect(clip(family.repeat(4), 3)).toBe(`${family}${family}…`);
    const accented = "e\u0301"; // é as e + combining acute
    expect(clip(accented.repeat(6), 4)).toBe(`${accented.repeat(3)}…`);
  });

  it("never splits a surrogate pair or a ZWJ sequence", () => {
    const text = `ab${"😀".repeat(5)}`;
    for (let max = 1; max < 8; max++) {
      const cut = clip(text, max);
      expect(cut).not.toMatch(LONE_SURROGATE);
      expect(cut === text || cut.endsWith("…")).toBe(true);
    }
    const zwj = "🧑‍💻";
    const cut = clip(`x${zwj}${zwj}${zwj}`, 3);
    expect(cut).toBe(`x${zwj}…`);
  });

  it("drops the space a cut leaves before the ellipsis", () => {
    expect(clip("hello world again", 7)).toBe("hello…");
  });
});

describe("TOOL_NAME", () => {
  it("takes OpenAI's tool names and nothing else", () => {
    expect(TOOL_NAME.test("get_weather-2")).toBe(true);
    expect(TOOL_NAME.test("a".repeat(64))).toBe(true);
    expect(TOOL_NAME.test("a".repeat(65))).toBe(false);
    expect(TOOL_NAME.test("has space")).toBe(false);
    expect(TOOL_NAME.test("")).toBe(false);
  });
});
