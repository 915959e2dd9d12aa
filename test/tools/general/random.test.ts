import { describe, expect, it } from "vitest";
import { parseDice, randomTool } from "../../../src/tools/general/random.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";

const tool = randomTool();

const call = (args: ToolArgs) => succeed(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

const values = async (args: Record<string, unknown>) => (await call(args)).values as unknown[];

describe("random", () => {
  it("offers a flat JSON schema", () => {
    const parameters = tool.definition().parameters as { properties: { charset: { enum: string[] } } };
    expect(parameters.properties.charset.enum).toContain("hex");
    expect(JSON.stringify(parameters)).not.toMatch(/oneOf|anyOf/);
  });

  describe("integer", () => {
    it("stays within inclusive bounds", async () => {
      const drawn = (await values({ operation: "integer", min: -3, max: 3, count: 1000 })) as number[];
      expect(drawn.every((n) => Number.isInteger(n) && n >= -3 && n <= 3)).toBe(true);
      expect(await call({ operation: "integer", min: 7, max: 7 })).toEqual({ value: 7 });
      const { value } = await call({ operation: "integer" });
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(100);
    });

    it("draws unique numbers, up to the whole range", async () => {
      const lottery = (await values({
        operation: "integer",
        min: 1,
        max: 49,
        count: 6,
        unique: true,
      })) as number[];
      expect(new Set(lottery).size).toBe(6);
      const all = (await values({
        operation: "integer",
        min: 1,
        max: 10,
        count: 10,
        unique: true,
      })) as number[];
      expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    it("validates bounds and counts", async () => {
      expect(await failure({ operation: "integer", min: 10, max: 1 })).toMatch(
        /must not be greater than max/,
      );
      expect(await failure({ operation: "integer", min: 1.5, max: 3 })).toMatch(/whole numbers/);
      expect(await failure({ operation: "integer", min: 0, max: 2 ** 60 })).toMatch(
        /whole numbers|too large/,
      );
      expect(await failure({ operation: "integer", min: 0, max: 2 ** 50 })).toMatch(/too large/);
      expect(await failure({ operation: "integer", count: 1001 })).toMatch(/count: Too big.*<=1000/);
      expect(await failure({ operation: "integer", count: 0 })).toMatch(/count: Too small/);
      expect(await failure({ operation: "integer", min: 1, max: 5, count: 6, unique: true })).toMatch(
        /Cannot draw 6 different numbers/,
      );
    });
  });

  it("makes floats in [min, max) with optional rounding", async () => {
    const drawn = (await values({ operation: "float", min: 1.5, max: 2.5, count: 500 })) as number[];
    expect(drawn.every((n) => n >= 1.5 && n < 2.5)).toBe(true);
    const rounded = (await values({
      operation: "float",
      min: 0,
      max: 10,
      count: 50,
      decimals: 2,
    })) as number[];
    expect(rounded.every((n) => /^\d+(\.\d{1,2})?$/.test(String(n)))).toBe(true);
    expect(await failure({ operation: "float", min: 1, max: 1 })).toMatch(/less than max/);
    expect(await failure({ operation: "float", decimals: 20 })).toMatch(/decimals/);
  });

  describe("lists", () => {
    const items = ["火锅", "寿司", "pizza", "tacos", "面条"];

    it("chooses with repeats", async () => {
      expect(items).toContain((await call({ operation: "choice", items })).value);
      const picks = await values({ operation: "choice", items: ["a", "b"], count: 50 });
      expect(picks.every((pick) => pick === "a" || pick === "b")).toBe(true);
    });

    it("samples without replacement", async () => {
      const drawn = (await values({ operation: "sample", items, count: 3 })) as string[];
      expect(new Set(drawn).size).toBe(3);
      expect(drawn.every((item) => items.includes(item))).toBe(true);
      expect(await failure({ operation: "sample", items, count: 6 })).toMatch(
        /Cannot draw 6 different items from 5/,
      );
    });

    it("shuffles into a permutation", async () => {
      const shuffled = (await values({ operation: "shuffle", items })) as string[];
      expect([...shuffled].sort()).toEqual([...items].sort());
    });

    it("validates the list", async () => {
      expect(await failure({ operation: "choice" })).toMatch(/needs a non-empty "items"/);
      expect(await failure({ operation: "shuffle", items: [] })).toMatch(/non-empty/);
      expect(await failure({ operation: "shuffle", items: Array.from({ length: 1001 }, String) })).toMatch(
        /Too many/,
      );
    });
  });

  describe("dice", () => {
    it("rolls with modifiers", async () => {
      const result = (await call({ operation: "dice", notation: "2d6 + 3" })) as {
        total: number;
        details: Array<{ rolls?: number[]; value?: number }>;
      };
      expect(result.total).toBeGreaterThanOrEqual(5);
      expect(result.total).toBeLessThanOrEqual(15);
      expect(result.details[0]!.rolls).toHaveLength(2);
      expect(result.details[1]).toEqual({ term: "+3", value: 3 });
    });

    it("keeps the highest or lowest dice", () => {
      const roll = parseDice("4d6kh3");
      for (let i = 0; i < 50; i++) {
        const { details, total } = roll();
        const [term] = details as Array<{ rolls: number[]; kept: number[] }>;
        expect(term!.kept).toHaveLength(3);
        const sorted = [...term!.rolls].sort((a, b) => b - a);
        expect(total).toBe(sorted[0]! + sorted[1]! + sorted[2]!);
      }
      const low = parseDice("2d20kl1")();
      const [term] = low.details as Array<{ rolls: number[] }>;
      expect(low.total).toBe(Math.min(...term!.rolls));
    });

    it("supports d20, d% and subtraction", () => {
      for (let i = 0; i < 50; i++) {
        const d20 = parseDice("d20")().total;
        expect(d20).toBeGreaterThanOrEqual(1);
        expect(d20).toBeLessThanOrEqual(20);
        const percent = parseDice("d%")().total;
        expect(percent).toBeGreaterThanOrEqual(1);
        expect(percent).toBeLessThanOrEqual(100);
        const minus = parseDice("1d4-10")().total;
        expect(minus).toBeLessThanOrEqual(-6);
      }
    });

    it("rolls several times with count", async () => {
      const { rolls } = (await call({ operation: "dice", notation: "1d20+3", count: 5 })) as {
        rolls: unknown[];
      };
      expect(rolls).toHaveLength(5);
    });

    it.each([
      ["101d6", /1–100 dice/],
      ["2d1", /2–1000000 sides/],
      ["2d10000000", /sides/],
      ["4d6kh5", /Cannot keep 5 of 4/],
      ["roll a die", /Invalid dice/],
      ["2x6", /Invalid dice term/],
      ["1d6+".repeat(11) + "1", /at most 10 terms|Invalid/],
      ["", /Give dice notation/],
    ])("refuses %s", async (notation, message) => {
      expect(await failure({ operation: "dice", notation })).toMatch(message);
    });
  });

  it("flips coins", async () => {
    expect(["heads", "tails"]).toContain((await call({ operation: "coin" })).value);
    const many = (await call({ operation: "coin", count: 10 })) as { heads: number; tails: number };
    expect(many.heads + many.tails).toBe(10);
  });

  describe("string", () => {
    it("draws from presets", async () => {
      expect((await call({ operation: "string" })).value).toMatch(/^[A-Za-z0-9]{16}$/);
      expect((await call({ operation: "string", charset: "hex", length: 32 })).value).toMatch(
        /^[0-9a-f]{32}$/,
      );
      expect((await call({ operation: "string", charset: "numeric", length: 6 })).value).toMatch(/^\d{6}$/);
    });

    it("draws from custom characters, emoji included", async () => {
      const { value } = await call({ operation: "string", characters: "🍎🍌", length: 10 });
      expect(value).toMatch(/^(🍎|🍌){10}$/u);
      const codes = (await values({
        operation: "string",
        characters: "ABC",
        length: 4,
        count: 3,
      })) as string[];
      expect(codes.every((code) => /^[ABC]{4}$/.test(code))).toBe(true);
    });

    it("validates sizes", async () => {
      expect(await failure({ operation: "string", length: 0 })).toMatch(/length: Too small/);
      expect(await failure({ operation: "string", length: 2000 })).toMatch(/length: Too big.*<=1024/);
      expect(await failure({ operation: "string", length: 1000, count: 1000 })).toMatch(/at most 100000/);
      expect(await failure({ operation: "string", characters: "" })).toMatch(/must not be empty/);
      expect(await failure({ operation: "string", charset: "klingon" })).toMatch(/Invalid arguments/);
    });
  });

  it("makes UUIDs", async () => {
    expect((await call({ operation: "uuid" })).value).toMatch(/^[0-9a-f-]{14}4[0-9a-f-]{21}$/);
    expect((await call({ operation: "uuid", version: 7 })).value).toMatch(/^[0-9a-f-]{14}7[0-9a-f-]{21}$/);
    expect(await values({ operation: "uuid", count: 3 })).toHaveLength(3);
    expect(await failure({ operation: "uuid", version: 5 })).toMatch(/Supported: 4, 7/);
    expect(await failure({ operation: "uuid", version: 1 })).toMatch(/version: Too small/);
  });
});
