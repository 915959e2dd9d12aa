import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../eval/dataset.js";
import { isStatusQuestion } from "../../src/agent/user-intent.js";

/**
 * The status-question guard's word rule (user-intent.ts), measured on how people really say things:
 * answers to a confirmation must never read as a status question (it would refuse the iot_control call
 * that carries out "yes, do it"), the status questions must all be caught, and the eval's commands (the
 * datasets' own sentences) must not read as questions either. The rates are printed with the run.
 */
const CORPUS = join(import.meta.dirname, "corpus");
const lines = (file: string) =>
  readFileSync(join(CORPUS, file), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

const commands = loadDataset().cases.map((c) => c.sentence);
const sets = {
  confirmations: { en: lines("confirmations.en.txt"), zh: lines("confirmations.zh.txt") },
  status: { en: lines("status-questions.en.txt"), zh: lines("status-questions.zh.txt") },
  commands: {
    en: [...new Set(commands.filter((s) => !/\p{Script=Han}/u.test(s)))],
    zh: [...new Set(commands.filter((s) => /\p{Script=Han}/u.test(s)))],
  },
};
const report: string[] = [];
const rate = (wrong: number, of: number) => `${wrong}/${of} (${((100 * wrong) / of).toFixed(1)} %)`;

afterAll(() => console.log(`\nThe status-question guard on its corpus\n${report.join("\n")}\n`));

describe.each(["en", "zh"] as const)("the status-question rule in %s", (language) => {
  it("reads no confirmation as a status question (false refusals)", () => {
    const all = sets.confirmations[language];
    expect(all.length).toBeGreaterThanOrEqual(100);
    const refused = all.filter(isStatusQuestion);
    report.push(`  ${language} confirmations refused: ${rate(refused.length, all.length)}`);
    expect(refused).toEqual([]);
  });

  it("catches every status question (false passes)", () => {
    const all = sets.status[language];
    expect(all.length).toBeGreaterThanOrEqual(100);
    const missed = all.filter((text) => !isStatusQuestion(text));
    report.push(`  ${language} status questions let through: ${rate(missed.length, all.length)}`);
    expect(missed).toEqual([]);
  });

  it("reads none of the eval datasets' commands as a status question", () => {
    const all = sets.commands[language];
    expect(all.length).toBeGreaterThanOrEqual(50);
    const refused = all.filter(isStatusQuestion);
    report.push(`  ${language} dataset commands refused: ${rate(refused.length, all.length)}`);
    expect(refused).toEqual([]);
  });
});
