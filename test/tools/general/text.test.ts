import { encode } from "gpt-tokenizer/encoding/o200k_base";
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
  it("costs at most 140 tokens per request", () => {
    const wire = JSON.stringify({ type: "function", function: tool.definition() });
    expect(encode(wire).length).toBeLessThanOrEqual(140);
  });

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
      expect(await call({ operation: "truncate", text: `ab${FLAG}${FLAG}x`, max_length: 4 })).toMatchObject({
        text: `ab${FLAG}…`,
      });
    });

    it("leaves short text alone and cuts without an ellipsis that does not fit", async () => {
      expect(await call({ operation: "truncate", text: "short", max_length: 10 })).toEqual({
        text: "short",
        truncated: false,
        characters: 5,
      });
      expect(await call({ operation: "truncate", text: "abcdef", max_length: 1 })).toMatchObject({
        text: "a",
      });
    });

    it("needs max_length, and says what to send when it is out of range", async () => {
      expect(await failure({ operation: "truncate", text: "abc" })).toMatch(/needs "max_length"/);
      expect(await failure({ operation: "truncate", text: "abc", max_length: -1 })).toMatch(
        /max_length.*>=0/,
      );
    });
  });

  it("changes case", async () => {
    expect(await call({ operation: "upper", text: "straße ß" })).toEqual({ text: "STRASSE SS" });
    expect(await call({ operation: "lower", text: "ÀB ΣΑΣ" })).toEqual({ text: "àb σας" });
    expect(await call({ operation: "title", text: "hello wORLD, it's a new-day 你好" })).toEqual({
      text: "Hello World, It's A New-Day 你好",
    });
  });

  it("trims", async () => {
    expect(await call({ operation: "trim", text: "\u3000 hi \n" })).toEqual({ text: "hi" });
    // One side only goes through replace with an anchored regex.
    expect(await call({ operation: "replace", text: "  hi \u3000", regex: "\\s+$" })).toEqual({
      text: "  hi",
      replacements: 1,
    });
  });

  describe("replace", () => {
    it("replaces literal text without interpreting $ patterns", async () => {
      expect(await call({ operation: "replace", text: "a.b.c", find: ".", replacement: "$&" })).toEqual({
        text: "a$&b$&c",
        replacements: 2,
      });
      expect(await call({ operation: "replace", text: "猫猫猫", find: "猫" })).toEqual({
        text: "",
        replacements: 3,
      });
    });

    it("replaces with a regex and group references", async () => {
      expect(
        await call({
          operation: "replace",
          text: "2026-03-04 and 2026-12-25",
          regex: "(\\d+)-(\\d+)-(\\d+)",
          replacement: "$3/$2/$1",
        }),
      ).toEqual({ text: "04/03/2026 and 25/12/2026", replacements: 2 });
      expect(
        await call({
          operation: "replace",
          text: "Hello hello",
          regex: "/hello/i",
          replacement: "bye",
        }),
      ).toEqual({ text: "bye bye", replacements: 2 });
      expect(
        await call({ operation: "replace", text: "Hello hello", regex: "(?i)HELLO", replacement: "bye" }),
      ).toEqual({ text: "bye bye", replacements: 2 });
    });

    it("replaces only the first occurrence with an anchored regex", async () => {
      expect(
        await call({ operation: "replace", text: "猫猫猫", regex: "^([^猫]*)猫", replacement: "$1狗" }),
      ).toEqual({ text: "狗猫猫", replacements: 1 });
    });
  });

  it("splits on lines, literals and regexes", async () => {
    expect(await call({ operation: "split", text: "a\r\nb\nc" })).toEqual({
      count: 3,
      parts: ["a", "b", "c"],
    });
    expect(await call({ operation: "split", text: "a,b,,c", find: "," })).toEqual({
      count: 4,
      parts: ["a", "b", "", "c"],
    });
    expect(
      await call({
        operation: "split",
        text: "a, b，c、 d",
        regex: "[,，、]\\s*",
      }),
    ).toEqual({ count: 4, parts: ["a", "b", "c", "d"] });
  });

  describe("regex", () => {
    it("returns matches with groups and code-point offsets", async () => {
      expect(
        await call({
          operation: "match",
          text: `${FAMILY} tel 555-1234`,
          regex: "(?<area>\\d{3})-(\\d{4})",
        }),
      ).toEqual({
        total: 1,
        matches: [{ match: "555-1234", index: 12, groups: ["555", "1234"], named: { area: "555" } }],
      });
      expect(await call({ operation: "match", text: "Hello", regex: "/^h/i" })).toMatchObject({ total: 1 });
      expect(await call({ operation: "match", text: "Hello", regex: "^h" })).toEqual({
        total: 0,
        matches: [],
      });
    });

    it("finds literal text exactly, regex characters included", async () => {
      expect(await call({ operation: "match", text: "1+1=2, 1+1", find: "1+1" })).toEqual({
        total: 2,
        matches: [
          { match: "1+1", index: 0 },
          { match: "1+1", index: 7 },
        ],
      });
      expect(await call({ operation: "split", text: "a/b/c", find: "/" })).toMatchObject({ count: 3 });
    });

    it("caps the number of matches returned", async () => {
      const data = (await call({ operation: "match", text: "a".repeat(500), regex: "a" })) as {
        total: number;
        matches: unknown[];
      };
      expect(data.total).toBe(500);
      expect(data.matches).toHaveLength(100);
    });

    it.each([
      ["(a+)+$", "match"],
      ["/^(a|aa)+$/i", "match"],
      ["(x+x+)+y", "replace"],
      ["(a|aa)+b", "split"],
    ])("stops catastrophic backtracking of %s (%s) with a timeout error", async (regex, operation) => {
      const text = "a".repeat(40) + "!" + "x".repeat(40);
      const error = await failure({ operation, text, regex, replacement: "" });
      expect(error).toMatch(/took longer than 300 ms and was stopped/);
    });

    it("still works after a timeout", async () => {
      await failure({ operation: "match", text: "a".repeat(40) + "b", regex: "(a+)+$" });
      expect(await call({ operation: "match", text: "abc", regex: "b" })).toMatchObject({ total: 1 });
    });

    it("reports invalid patterns and flags clearly", async () => {
      expect(await failure({ operation: "match", text: "x", regex: "(" })).toMatch(/Unterminated group/);
      expect(await failure({ operation: "match", text: "x", regex: "/x/q" })).toMatch(
        /Unsupported regex flag.*use only g, i, m, s, u, y/,
      );
      expect(await failure({ operation: "match", text: "x", regex: "(?x)x" })).toMatch(
        /Unsupported regex flag/,
      );
      expect(await failure({ operation: "match", text: "x" })).toMatch(/needs "regex".*or "find"/);
      expect(await failure({ operation: "replace", text: "x" })).toMatch(/needs "regex".*or "find"/);
      expect(await failure({ operation: "replace", text: "x", find: "" })).toMatch(/"find" is empty/);
      expect(await failure({ operation: "case", text: "x" })).toMatch(/operation.*"upper"/);
    });
  });

  it("refuses oversized input", async () => {
    expect(await failure({ operation: "count", text: "x".repeat(100_001) })).toMatch(/too long/);
    expect(await failure({ operation: "match", text: "x", regex: "x".repeat(1001) })).toMatch(/too long/);
  });

  it("stops when the call is aborted", async () => {
    const controller = new AbortController();
    controller.abort("shutdown");
    const result = await tool.execute(
      { operation: "match", text: "abc", regex: "b" },
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
      regex: "a",
      replacement: "$&".repeat(500),
    };
    expect(await failure(bomb)).toMatch(/too much memory|took longer/);
    expect(await call({ operation: "match", text: "abc", regex: "b" })).toMatchObject({ total: 1 });
  });
});
