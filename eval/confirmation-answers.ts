import type { EvalCase } from "./dataset.js";

/**
 * How the eval's user says yes when iot_control asks to confirm (locks, garage doors): the ways people
 * say it, neither tied to opening nor closing (test/agent/corpus/ holds many more), one per case so a
 * run covers them all and a case always gets the same one.
 */
export const CONFIRMATION_ANSWERS = {
  en: ["yes, do it", "Yes, go ahead.", "sure, do it", "go for it", "yeah", "Do it."],
  zh: ["好的", "好的，确认。", "可以", "是的", "好的呢", "行啊，为什么不呢"],
};

export function confirmationAnswer(c: EvalCase): string {
  const answers = CONFIRMATION_ANSWERS[c.dataset === "cyrene-zh" ? "zh" : "en"];
  let hash = 0;
  for (const char of c.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return answers[hash % answers.length]!;
}
