import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { uuidV7 } from "./crypto.js";
import { parseDice } from "./random/dice.js";

export { parseDice };

const MAX_COUNT = 1000;
const MAX_ITEMS = 1000;
const MAX_STRING_LENGTH = 1024;
/** randomInt's limit on the size of a range. */
const MAX_RANGE = 2 ** 48;

const CHARSETS = {
  alnum: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  alpha: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  numeric: "0123456789",
  hex: "0123456789abcdef",
  lower: "abcdefghijklmnopqrstuvwxyz",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  password: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()-_=+[]{};:,.?",
} as const;

const OPERATIONS = [
  "integer",
  "float",
  "choice",
  "shuffle",
  "sample",
  "dice",
  "coin",
  "string",
  "uuid",
] as const;

const parameters = z.object({
  operation: z
    .enum(OPERATIONS)
    .describe(
      "integer: whole numbers in [min, max] (随机数). float: decimals in [min, max). choice: pick from `items` (with " +
        "repeats). sample: pick `count` different items (抽签/抽奖). shuffle: reorder `items` (打乱). dice: roll " +
        "`notation` (掷骰子). coin: flip coins (抛硬币). string: random text from a charset (随机密码/验证码). uuid: random UUIDs.",
    ),
  min: z
    .number()
    .optional()
    .describe("integer/float: lowest value (inclusive). Default 1 for integer, 0 for float."),
  max: z
    .number()
    .optional()
    .describe(
      "integer: highest value (inclusive). float: upper bound (exclusive). Default 100 for integer, 1 for float.",
    ),
  count: z
    .number()
    .int()
    .min(1)
    .max(MAX_COUNT)
    .optional()
    .describe(
      `How many values, picks, rolls or strings (default 1, at most ${MAX_COUNT}). sample: how many items to draw.`,
    ),
  unique: z.boolean().optional().describe("integer: no repeated numbers (e.g. lottery numbers)."),
  decimals: z
    .number()
    .int()
    .min(0)
    .max(15)
    .optional()
    .describe("float: round to this many decimal places (0–15)."),
  items: z.array(z.string()).optional().describe(`choice/sample/shuffle: the items (at most ${MAX_ITEMS}).`),
  notation: z
    .string()
    .optional()
    .describe(
      'dice: dice notation, e.g. "1d20", "2d6+3", "4d6kh3" (keep highest 3), "2d20kl1", "d%". Default "1d6".',
    ),
  length: z
    .number()
    .int()
    .min(1)
    .max(MAX_STRING_LENGTH)
    .optional()
    .describe(`string: length (1–${MAX_STRING_LENGTH}). Default 16.`),
  charset: z
    .enum(Object.keys(CHARSETS) as [keyof typeof CHARSETS, ...Array<keyof typeof CHARSETS>])
    .optional()
    .describe("string: a preset set of characters. Default alnum."),
  characters: z
    .string()
    .optional()
    .describe('string: custom characters to draw from (overrides charset), e.g. "ABC123".'),
  version: z.number().int().min(4).max(7).optional().describe("uuid: 4 (default) or 7 (time-ordered)."),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION =
  "Cryptographically secure randomness (随机): random integers and decimals in a range, picking or drawing from a list " +
  "(抽签/抽奖/随机选), shuffling, dice rolls in tabletop notation (掷骰子), coin flips (抛硬币), random strings and " +
  "passwords (随机密码), UUIDs. Always use it when the user wants something random; never invent random results. Not " +
  "for hashes or encryption (use the crypto tool).";

/** Secure random numbers, picks, dice and strings from node:crypto. */
export function randomTool(): Tool {
  return defineTool({ name: "random", description: DESCRIPTION, parameters, execute: (args) => run(args) });
}

function run(args: Args): unknown {
  const count = args.count ?? 1;
  if (count < 1 || count > MAX_COUNT) throw new ToolError(`count must be 1–${MAX_COUNT}.`);
  const many = <T>(make: () => T) =>
    count === 1 ? { value: make() } : { values: Array.from({ length: count }, make) };
  switch (args.operation) {
    case "integer":
      return integers(args.min ?? 1, args.max ?? 100, count, args.unique ?? false);
    case "float": {
      const min = args.min ?? 0;
      const max = args.max ?? 1;
      if (!(min < max)) throw new ToolError(`min (${min}) must be less than max (${max}).`);
      const decimals = args.decimals;
      if (decimals !== undefined && (decimals < 0 || decimals > 15))
        throw new ToolError("decimals must be 0–15.");
      return many(() => {
        const value = min + (max - min) * unitFloat();
        return decimals === undefined ? value : Number(value.toFixed(decimals));
      });
    }
    case "choice": {
      const items = list(args.items);
      return many(() => items[randomInt(items.length)]!);
    }
    case "sample": {
      const items = list(args.items);
      if (count > items.length) {
        throw new ToolError(`Cannot draw ${count} different items from ${items.length} (抽取数量超过总数).`);
      }
      return { values: shuffle(items).slice(0, count) };
    }
    case "shuffle":
      return { values: shuffle(list(args.items)) };
    case "dice": {
      const roll = parseDice(args.notation ?? "1d6");
      return count === 1 ? roll() : { rolls: Array.from({ length: count }, roll) };
    }
    case "coin": {
      const flips = Array.from({ length: count }, () => (randomInt(2) === 0 ? "heads" : "tails"));
      const heads = flips.filter((flip) => flip === "heads").length;
      return count === 1 ? { value: flips[0] } : { values: flips, heads, tails: count - heads };
    }
    case "string":
      return strings(args, count);
    case "uuid": {
      const version = args.version ?? 4;
      if (version !== 4 && version !== 7)
        throw new ToolError(`Unsupported UUID version ${version}. Supported: 4, 7.`);
      return many(version === 7 ? () => uuidV7() : () => randomUUID());
    }
  }
}

function integers(min: number, max: number, count: number, unique: boolean) {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max))
    throw new ToolError("min and max must be whole numbers.");
  if (min > max) throw new ToolError(`min (${min}) must not be greater than max (${max}).`);
  const size = max - min + 1;
  if (size > MAX_RANGE)
    throw new ToolError(`The range is too large: max − min must be below 2^48 (${MAX_RANGE}).`);
  const draw = () => min + randomInt(size);
  if (!unique) return count === 1 ? { value: draw() } : { values: Array.from({ length: count }, draw) };
  if (count > size)
    throw new ToolError(`Cannot draw ${count} different numbers from ${min}–${max} (${size} numbers).`);
  const seen = new Set<number>();
  while (seen.size < count) seen.add(draw()); // count ≤ 1000, so this ends quickly even near the range size
  return { values: [...seen] };
}

/** A uniform float in [0, 1) with 53 random bits. */
function unitFloat(): number {
  return Number(randomBytes(8).readBigUInt64BE() >> 11n) / 2 ** 53;
}

function list(items: string[] | undefined): string[] {
  if (!items || items.length === 0)
    throw new ToolError('This operation needs a non-empty "items" list (缺少 items).');
  if (items.length > MAX_ITEMS)
    throw new ToolError(`Too many items (${items.length}, at most ${MAX_ITEMS}).`);
  if (items.some((item) => item.length > 1000))
    throw new ToolError("Each item must be at most 1000 characters.");
  return items;
}

function shuffle<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

function strings(args: Args, count: number) {
  const length = args.length ?? 16;
  if (length < 1 || length > MAX_STRING_LENGTH) throw new ToolError(`length must be 1–${MAX_STRING_LENGTH}.`);
  if (length * count > 100_000) throw new ToolError("length × count must be at most 100000 characters.");
  let pool: string[];
  if (args.characters !== undefined) {
    const segments = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(args.characters);
    pool = [...new Set(Array.from(segments, (segment) => segment.segment))];
    if (pool.length === 0) throw new ToolError('"characters" must not be empty.');
    if (pool.length > 10_000) throw new ToolError('"characters" may hold at most 10000 distinct characters.');
  } else {
    pool = [...CHARSETS[args.charset ?? "alnum"]];
  }
  const make = () => Array.from({ length }, () => pool[randomInt(pool.length)]).join("");
  return count === 1 ? { value: make() } : { values: Array.from({ length: count }, make) };
}
