import type { EvalCase } from "./dataset.js";

/**
 * The CI floor (docs/eval.md): share of the determinate cases done exactly, by target style (issue 27's
 * target); wrong devices must be 0.
 */
export const FLOORS = { stripped: 99.5, whole: 99.5 };

/**
 * The CI subset: every home, every test group, the first sentence of each device action (the
 * public dataset repeats each action in three to five phrasings), and every Chinese case of ours;
 * `npm run eval` runs them all.
 */
export function ciSubset(cases: EvalCase[], perGroup = 1): EvalCase[] {
  const seen = new Map<string, number>();
  return cases.filter((c) => {
    if (c.dataset === "cyrene-zh") return true;
    const key = `${c.home}|${c.service}|${Object.keys(c.expect).join()}|${JSON.stringify(c.data)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n < perGroup;
  });
}
