import { randomInt } from "node:crypto";
import { ToolError } from "../../contract.js";

const MAX_DICE = 100; // per term
const MAX_SIDES = 1_000_000;
const MAX_TERMS = 10;

interface DiceTerm {
  sign: 1 | -1;
  text: string;
  dice?: { count: number; sides: number; keep?: { highest: boolean; n: number } };
  constant?: number;
}

const DICE_TERM = /^(\d*)d(\d+|%)(?:(k[hl]?|d[hl]?)(\d+))?$/;

/** Parses notation like "2d6+1d4-1" or "4d6kh3" once and returns a function that rolls it. */
export function parseDice(notation: string) {
  const compact = notation.replace(/\s+/g, "").toLowerCase();
  if (compact === "" || compact.length > 100)
    throw new ToolError("Give dice notation like 1d20, 2d6+3 or 4d6kh3.");
  const pieces = compact.match(/[+-]?[^+-]+/g) ?? [];
  if (pieces.join("") !== compact || pieces.length > MAX_TERMS) {
    throw new ToolError(
      `Invalid dice notation "${notation}": use terms like 2d6, 1d20+5, 4d6kh3 (at most ${MAX_TERMS} terms).`,
    );
  }
  const terms: DiceTerm[] = pieces.map((piece) => {
    const sign = piece.startsWith("-") ? -1 : 1;
    const body = piece.replace(/^[+-]/, "");
    if (/^\d+$/.test(body)) return { sign, text: piece, constant: Number(body) };
    const match = DICE_TERM.exec(body);
    if (!match) {
      throw new ToolError(
        `Invalid dice term "${body}" in "${notation}": use e.g. 2d6, d20, 4d6kh3, 2d20kl1, d%.`,
      );
    }
    const count = match[1] === "" ? 1 : Number(match[1]);
    const sides = match[2] === "%" ? 100 : Number(match[2]);
    if (count < 1 || count > MAX_DICE) throw new ToolError(`A term may roll 1–${MAX_DICE} dice ("${body}").`);
    if (sides < 2 || sides > MAX_SIDES) throw new ToolError(`Dice need 2–${MAX_SIDES} sides ("${body}").`);
    let keep: { highest: boolean; n: number } | undefined;
    if (match[3]) {
      const n = Number(match[4]);
      // kh/k = keep highest, kl = keep lowest, d/dl = drop lowest (keep highest), dh = drop highest
      keep = match[3].startsWith("d")
        ? { highest: !match[3].endsWith("h"), n: count - n }
        : { highest: !match[3].endsWith("l"), n };
      if (keep.n < 1 || keep.n > count)
        throw new ToolError(`Cannot keep ${keep.n} of ${count} dice ("${body}").`);
    }
    return { sign, text: piece, dice: { count, sides, keep } };
  });
  return () => {
    let total = 0;
    const details = terms.map((term) => {
      if (term.constant !== undefined) {
        total += term.sign * term.constant;
        return { term: term.text, value: term.sign * term.constant };
      }
      const { count, sides, keep } = term.dice!;
      const rolls = Array.from({ length: count }, () => 1 + randomInt(sides));
      let kept = rolls;
      if (keep) {
        const order = rolls.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
        const chosen = keep.highest ? order.slice(order.length - keep.n) : order.slice(0, keep.n);
        const indexes = new Set(chosen.map((entry) => entry.index));
        kept = rolls.filter((_, index) => indexes.has(index));
      }
      const subtotal = term.sign * kept.reduce((sum, value) => sum + value, 0);
      total += subtotal;
      return keep ? { term: term.text, rolls, kept, subtotal } : { term: term.text, rolls, subtotal };
    });
    return { notation: compact, total, details };
  };
}
