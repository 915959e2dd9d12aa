import { describe, expect, it } from "vitest";
import { parseDice, randomTool } from "../../../src/tools/general/random.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";

const tool = randomTool();

const call = (args: ToolArgs) => succeed(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

const values = async (args: Record<string, unknown>) => (await call(args)).values as unknown[];

describe("random", () => {
  it("offers a flat JSON schema", () => {
    const parameters = tool.definition().parameters as {
      properties: { operation: { enum: string[] } };
      required?: string[];
    };
    expect(parameters.properties.operation.enum).toContain("dice");
    expect(parameters.required ?? []).toEqual([]);
    expect(JSON.stringify(parameters)).not.toMatch(/oneOf|anyOf/);
  });

  it("infers the operation from the fields given when it is missing", async () => {
    const { value } = await call({});
    expect(value).toBeGreaterThanOrEqual(1);
    expect(value).toBeLessThanOrEqual(100);
    expect(["a", "b"]).toContain((await call({ items: ["a", "b"] })).value);
    expect(await call({ notation: "2d6" })).toMatchObject({ notation: "2d6" });
    expect((await call({ charset: "hex", length: 8 })).value).toMatch(/^[0-9a-f]{8}$/);
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

  it("makes floats in [min, max)", async () => {
    const drawn = (await values({ operation: "float", min: 1.5, max: 2.5, count: 500 })) as number[];
    expect(drawn.every((n) => n >= 1.5 && n < 2.5)).toBe(true);
    const unit = (await call({ operation: "float" })).value as number;
    expect(unit >= 0 && unit < 1).toBe(true);
    expect(await failure({ operation: "float", min: 1, max: 1 })).toMatch(/less than max/);
  });

  describe("lists", () => {
    const items = ["火锅", "寿司", "pizza", "tacos", "面条"];

    it("chooses with repeats", async () => {
      expect(items).toContain((await call({ operation: "choice", items })).value);
      const picks = await values({ operation: "choice", items: ["a", "b"], count: 50 });
      expect(picks.every((pick) => pick === "a" || pick === "b")).toBe(true);
    });

    it("draws different items with unique (抽签/抽奖)", async () => {
      const drawn = (await values({ operation: "choice", items, count: 3, unique: true })) as string[];
      expect(new Set(drawn).size).toBe(3);
      expect(drawn.every((item) => items.includes(item))).toBe(true);
      const all = (await values({ operation: "choice", items, count: 5, unique: true })) as string[];
      expect([...all].sort()).toEqual([...items].sort());
      expect(await failure({ operation: "choice", items, count: 6, unique: true })).toMatch(
        /Cannot draw 6 different items from 5.*lower count/,
      );
    });

    it("shuffles into a permutation", async () => {
      const shuffled = (await values({ operation: "shuffle", items })) as string[];
      expect([...shuffled].sort()).toEqual([...items].sort());
    });

    it("validates the list", async () => {
      expect(await failure({ operation: "choice" })).toMatch(/needs a non-empty "items" list, e\.g\./);
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
    it("draws from presets and their usual names", async () => {
      expect((await call({ operation: "string" })).value).toMatch(/^[A-Za-z0-9]{16}$/);
      expect((await call({ operation: "string", charset: "hex", length: 32 })).value).toMatch(
        /^[0-9a-f]{32}$/,
      );
      expect((await call({ operation: "string", charset: "numeric", length: 6 })).value).toMatch(/^\d{6}$/);
      expect((await call({ operation: "string", charset: "digits", length: 6 })).value).toMatch(/^\d{6}$/);
      expect((await call({ operation: "string", charset: "Alpha-Numeric" })).value).toMatch(
        /^[A-Za-z0-9]{16}$/,
      );
      expect((await call({ operation: "string", charset: "password", length: 64 })).value).toHaveLength(64);
    });

    it("draws from custom characters and ranges, emoji included", async () => {
      const { value } = await call({ operation: "string", charset: "🍎🍌", length: 10 });
      expect(value).toMatch(/^(🍎|🍌){10}$/u);
      const codes = (await values({
        operation: "string",
        charset: "ABC",
        length: 4,
        count: 3,
      })) as string[];
      expect(codes.every((code) => /^[ABC]{4}$/.test(code))).toBe(true);
      const ranged = (await values({
        operation: "string",
        charset: "A-F0-9",
        length: 200,
        count: 2,
      })) as string[];
      expect(ranged.every((code) => /^[A-F0-9]{200}$/.test(code))).toBe(true);
      expect((await call({ operation: "string", charset: "a-c-", length: 50 })).value).toMatch(
        /^[abc-]{50}$/,
      );
    });

    it("validates sizes and charsets", async () => {
      expect(await failure({ operation: "string", length: 0 })).toMatch(/length: Too small/);
      expect(await failure({ operation: "string", length: 2000 })).toMatch(/length: Too big.*<=1024/);
      expect(await failure({ operation: "string", length: 1000, count: 1000 })).toMatch(/at most 100000/);
      expect(await failure({ operation: "string", charset: "" })).toMatch(/must not be empty.*alnum/);
      expect(await failure({ operation: "string", charset: "klingon" })).toMatch(
        /Unknown charset "klingon".*alnum, alpha, numeric, hex.*A-Z0-9/,
      );
    });
  });

  it("makes UUIDs (version 4)", async () => {
    expect((await call({ operation: "uuid" })).value).toMatch(/^[0-9a-f-]{14}4[0-9a-f-]{21}$/);
    expect(await values({ operation: "uuid", count: 3 })).toHaveLength(3);
  });
});
