import { randomInt, randomUUID } from "node:crypto";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { characterPool } from "./random/charset.js";
import { parseDice } from "./random/dice.js";
import { checkedItems, integers, shuffle, unitFloat } from "./random/draws.js";

export { parseDice };

const MAX_COUNT = 1000;
const MAX_STRING_LENGTH = 1024;

const OPERATIONS = ["integer", "float", "choice", "shuffle", "dice", "coin", "string", "uuid"] as const;

const parameters = z.object({
  operation: z.enum(OPERATIONS).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  count: z.number().int().min(1).max(MAX_COUNT).optional(),
  unique: z.boolean().optional(),
  items: z.array(z.string()).optional(),
  notation: z.string().optional(),
  length: z.number().int().min(1).max(MAX_STRING_LENGTH).optional(),
  charset: z.string().optional(),
});

type Args = z.output<typeof parameters>;
type Operation = (typeof OPERATIONS)[number];

const DESCRIPTION = "Anything random (随机/抽签/掷骰子/随机密码/password); never invent it.";

/** Secure random numbers, picks, dice and strings from node:crypto. */
export function randomTool(): Tool {
  return defineTool({ name: "random", description: DESCRIPTION, parameters, execute: (args) => run(args) });
}

/** Without an operation, the fields given say what is wanted. */
function operationOf(args: Args): Operation {
  if (args.operation) return args.operation;
  if (args.items) return "choice";
  if (args.notation !== undefined) return "dice";
  if (args.charset !== undefined || args.length !== undefined) return "string";
  return "integer";
}

function run(args: Args): unknown {
  const count = args.count ?? 1;
  const many = <T>(make: () => T) =>
    count === 1 ? { value: make() } : { values: Array.from({ length: count }, make) };
  switch (operationOf(args)) {
    case "integer":
      return one(integers(args.min ?? 1, args.max ?? 100, count, args.unique ?? false));
    case "float": {
      const min = args.min ?? 0;
      const max = args.max ?? 1;
      if (!(min < max)) throw new ToolError(`min (${min}) must be less than max (${max}).`);
      return many(() => min + (max - min) * unitFloat());
    }
    case "choice": {
      const items = checkedItems(args.items);
      if (!args.unique) return many(() => items[randomInt(items.length)]!);
      if (count > items.length) {
        throw new ToolError(
          `Cannot draw ${count} different items from ${items.length}: lower count or drop unique.`,
        );
      }
      return one(shuffle(items).slice(0, count));
    }
    case "shuffle":
      return { values: shuffle(checkedItems(args.items)) };
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
    case "uuid":
      return many(() => randomUUID());
  }
}

/** One draw is a `value`, several are `values`. */
function one<T>(drawn: T[]) {
  return drawn.length === 1 ? { value: drawn[0] } : { values: drawn };
}

function strings(args: Args, count: number) {
  const length = args.length ?? 16;
  if (length * count > 100_000) throw new ToolError("length × count must be at most 100000 characters.");
  const pool = characterPool(args.charset);
  const make = () => Array.from({ length }, () => pool[randomInt(pool.length)]).join("");
  return one(Array.from({ length: count }, make));
}
