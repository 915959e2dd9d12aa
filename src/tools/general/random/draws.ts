import { randomBytes, randomInt } from "node:crypto";
import { ToolError } from "../../contract.js";

export const MAX_ITEMS = 1000;
/** randomInt's limit on the size of a range. */
const MAX_RANGE = 2 ** 48;

/** Whole numbers in [min, max]; `distinct` draws without repeats (lottery numbers). */
export function integers(min: number, max: number, count: number, distinct: boolean): number[] {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max))
    throw new ToolError("min and max must be whole numbers (use operation float for decimals).");
  if (min > max) throw new ToolError(`min (${min}) must not be greater than max (${max}).`);
  const size = max - min + 1;
  if (size > MAX_RANGE)
    throw new ToolError(`The range is too large: max − min must be below 2^48 (${MAX_RANGE}).`);
  const draw = () => min + randomInt(size);
  if (!distinct) return Array.from({ length: count }, draw);
  if (count > size)
    throw new ToolError(`Cannot draw ${count} different numbers from ${min}–${max} (${size} numbers).`);
  const seen = new Set<number>();
  while (seen.size < count) seen.add(draw()); // count ≤ 1000, so this ends quickly even near the range size
  return [...seen];
}

/** A uniform float in [0, 1) with 53 random bits. */
export function unitFloat(): number {
  return Number(randomBytes(8).readBigUInt64BE() >> 11n) / 2 ** 53;
}

export function checkedItems(items: string[] | undefined): string[] {
  if (!items || items.length === 0)
    throw new ToolError('This operation needs a non-empty "items" list, e.g. ["火锅", "寿司"].');
  if (items.length > MAX_ITEMS)
    throw new ToolError(`Too many items (${items.length}, at most ${MAX_ITEMS}).`);
  if (items.some((item) => item.length > 1000))
    throw new ToolError("Each item must be at most 1000 characters.");
  return items;
}

export function shuffle<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
