import { describe, expect, it } from "vitest";
import { textTool } from "../../../src/tools/general/text.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { toolContext } from "../../support/tool-context.js";

const tool = textTool({ regexTimeoutMs: 300 });

const call = (args: ToolArgs) => succeed(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

const FAMILY = "👨‍👩‍👧‍👦"; // one grapheme, seven code points
const FLAG = "🇨🇳"; // one grapheme, two code points

describe("text", () => {
  it("offers a flat JSON schema", () => {
    const parameters = tool.definition().parameters as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(parameters.required).toEqual(["operation", "text"]);
    expect(JSON.stringify(parameters)).not.toMatch(/oneOf|anyOf/);
  });

  describe("count", () => {
    it("counts Chinese, English and emoji as people do", async () => {
      expect(
        await call({
          operation: "count",
          text: `你好，世界！Hello world. ${FAMILY}${FLAG}\n我们今天去北京。`,
        }),
      ).toEqual({
        characters: 30,
        charactersWithoutSpaces: 27,
        words: 8,
        cjkCharacters: 11,
        wordsCjkAsCharacters: 13,
        lines: 2,
        sentences: 4,
        codePoints: 37,
        utf8Bytes: 89,
      });
    });

    it("segments Chinese words with the dictionary", async () => {
      expect(await call({ operation: "count", text: "我们今天去北京" })).toMatchObject({
        words: 4,
        cjkCharacters: 7,
      });
    });

    it("handles empty text", async () => {
      expect(await call({ operation: "count", text: "" })).toMatchObject({
        characters: 0,
        words: 0,
        lines: 0,
      });
    });
  });

  describe("truncate", () => {
    it("never splits an emoji or a flag", async () => {
      expect(
        await call({ operation: "truncate", text: `你好${FAMILY}世界${FLAG}abc`, max_length: 4 }),
      ).toEqual({
        text: `你好${FAMILY}…`,
        truncated: true,
        characters: 4,
        originalCharacters: 9,
      });
      expect(
        await call({ operation: "truncate", text: `ab${FLAG}${FLAG}`, max_length: 3, ellipsis: "" }),
      ).toMatchObject({
        text: `ab${FLAG}`,
      });
    });

    it("leaves short text alone and cuts without an ellipsis that does not fit", async () => {
      expect(await call({ operation: "truncate", text: "short", max_length: 10 })).toEqual({
        text: "short",
        truncated: false,
        characters: 5,
      });
      expect(
        await call({ operation: "truncate", text: "abcdef", max_length: 2, ellipsis: "..." }),
      ).toMatchObject({
        text: "ab",
      });
    });

    it("needs max_length", async () => {
      expect(await failure({ operation: "truncate", text: "abc" })).toMatch(/needs "max_length"/);
    });
  });

  it("changes case", async () => {
    expect(await call({ operation: "upper", text: "straße ß" })).toEqual({ text: "STRASSE SS" });
    expect(await call({ operation: "lower", text: "İSTANBUL", locale: "tr" })).toEqual({ text: "istanbul" });
    expect(await call({ operation: "title", text: "hello wORLD, it's a new-day 你好" })).toEqual({
      text: "Hello World, It's A New-Day 你好",
    });
  });

  it("trims", async () => {
    expect(await call({ operation: "trim", text: "\u3000 hi \n" })).toEqual({ text: "hi" });
    expect(await call({ operation: "trim", text: "  hi  ", side: "end" })).toEqual({ text: "  hi" });
  });

  describe("replace", () => {
    it("replaces literal text without interpreting $ patterns", async () => {
      expect(await call({ operation: "replace", text: "a.b.c", pattern: ".", replacement: "$&" })).toEqual({
        text: "a$&b$&c",
        replacements: 2,
      });
      expect(
        await call({
          operation: "replace",
          text: "猫猫猫",
          pattern: "猫",
          replacement: "狗",
          replace_all: false,
        }),
      ).toEqual({ text: "狗猫猫", replacements: 1 });
    });

    it("replaces with a regex and group references", async () => {
      expect(
        await call({
          operation: "replace",
          text: "2026-03-04 and 2026-12-25",
          pattern: "(\\d+)-(\\d+)-(\\d+)",
          regex: true,
          replacement: "$3/$2/$1",
        }),
      ).toEqual({ text: "04/03/2026 and 25/12/2026", replacements: 2 });
      expect(
        await call({
          operation: "replace",
          text: "Hello hello",
          pattern: "hello",
          regex: true,
          flags: "i",
          replacement: "bye",
        }),
      ).toEqual({ text: "bye bye", replacements: 2 });
    });
  });

  it("splits on lines, literals and regexes", async () => {
    expect(await call({ operation: "split", text: "a\r\nb\nc" })).toEqual({
      count: 3,
      parts: ["a", "b", "c"],
    });
    expect(await call({ operation: "split", text: "a,b,,c", pattern: "," })).toEqual({
      count: 4,
      parts: ["a", "b", "", "c"],
    });
    expect(
      await call({
        operation: "split",
        text: "a, b，c、 d",
        pattern: "[,，、]\\s*",
        regex: true,
        remove_empty: true,
      }),
    ).toEqual({ count: 4, parts: ["a", "b", "c", "d"] });
  });

  describe("regex", () => {
    it("returns matches with groups and code-point offsets", async () => {
      expect(
        await call({
          operation: "regex_match",
          text: `${FAMILY} tel 555-1234`,
          pattern: "(?<area>\\d{3})-(\\d{4})",
        }),
      ).toEqual({
        total: 1,
        matches: [{ match: "555-1234", index: 12, groups: ["555", "1234"], named: { area: "555" } }],
      });
      expect(await call({ operation: "regex_test", text: "Hello", pattern: "^h", flags: "i" })).toEqual({
        matches: true,
      });
      expect(await call({ operation: "regex_test", text: "Hello", pattern: "^h" })).toEqual({
        matches: false,
      });
    });

    it("caps the number of matches returned", async () => {
      const data = (await call({ operation: "regex_match", text: "a".repeat(500), pattern: "a" })) as {
        total: number;
        matches: unknown[];
      };
      expect(data.total).toBe(500);
      expect(data.matches).toHaveLength(100);
    });

    it.each([
      ["(a+)+$", "regex_match"],
      ["^(a|aa)+$", "regex_test"],
      ["(x+x+)+y", "replace"],
      ["(a|aa)+b", "split"],
    ])("stops catastrophic backtracking of %s (%s) with a timeout error", async (pattern, operation) => {
      const text = "a".repeat(40) + "!" + "x".repeat(40);
      const error = await failure({ operation, text, pattern, regex: true, replacement: "" });
      expect(error).toMatch(/took longer than 300 ms and was stopped/);
    });

    it("still works after a timeout", async () => {
      await failure({ operation: "regex_test", text: "a".repeat(40) + "b", pattern: "(a+)+$" });
      expect(await call({ operation: "regex_test", text: "abc", pattern: "b" })).toEqual({ matches: true });
    });

    it("reports invalid patterns and flags clearly", async () => {
      expect(await failure({ operation: "regex_test", text: "x", pattern: "(" })).toMatch(
        /Unterminated group/,
      );
      expect(await failure({ operation: "regex_test", text: "x", pattern: "x", flags: "q" })).toMatch(
        /Unsupported regex flag/,
      );
      expect(await failure({ operation: "regex_match", text: "x" })).toMatch(/needs "pattern"/);
    });
  });

  it("refuses oversized input", async () => {
    expect(await failure({ operation: "count", text: "x".repeat(100_001) })).toMatch(/too long/);
    expect(await failure({ operation: "regex_test", text: "x", pattern: "x".repeat(1001) })).toMatch(
      /too long/,
    );
  });

  it("stops when the call is aborted", async () => {
    const controller = new AbortController();
    controller.abort("shutdown");
    const result = await tool.execute(
      { operation: "regex_test", text: "abc", pattern: "b" },
      toolContext({ signal: controller.signal }),
    );
    expect(result).toMatchObject({ success: false });
  });
});

describe("regex memory", () => {
  it("stops a replacement that would need gigabytes, and keeps working", async () => {
    const bomb = {
      operation: "replace",
      text: "a".repeat(100_000),
      pattern: "a",
      replacement: "$&".repeat(500),
    };
    expect(await failure({ ...bomb, regex: true })).toMatch(/too much memory|took longer/);
    expect(await call({ operation: "regex_test", text: "abc", pattern: "b" })).toMatchObject({
      matches: true,
    });
  });
});
