import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claimsDeviceAction } from "../../src/agent/claims.js";

/**
 * The false-"done" rule (claims.ts), measured on how assistants really answer: every answer that tells
 * the user a device was acted on must read as a claim (a missed one leaves a false "done" standing),
 * and no state report, refusal, question, offer, reminder, knowledge answer or instruction may (it
 * would cost a corrective round and replace an honest answer). The rates are printed with the run.
 */
const CORPUS = join(import.meta.dirname, "corpus");

/** The answers of a corpus file by block ("## name" starts one; other "#" lines are comments; "\n" breaks a line). */
function blocks(file: string): Map<string, string[]> {
  const byBlock = new Map<string, string[]>();
  let block = "";
  for (const raw of readFileSync(join(CORPUS, file), "utf8").split("\n")) {
    const line = raw.trim();
    if (line.startsWith("## ")) block = line.slice(3).trim();
    else if (line && !line.startsWith("#"))
      byBlock.set(block, [...(byBlock.get(block) ?? []), line.replaceAll("\\n", "\n")]);
  }
  return byBlock;
}

const report: string[] = [];
const rate = (wrong: number, of: number) => `${wrong}/${of} (${((100 * wrong) / of).toFixed(1)} %)`;

afterAll(() => console.log(`\nThe false-"done" rule on its corpus\n${report.join("\n")}\n`));

describe.each(["en", "zh"] as const)("the claim rule in %s", (language) => {
  it("reads every answer that reports an action as a claim (missed claims)", () => {
    const all = [...blocks(`claims.${language}.txt`).values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(100);
    const missed = all.filter((answer) => !claimsDeviceAction(answer));
    report.push(`  ${language} missed claims: ${rate(missed.length, all.length)}`);
    expect(missed).toEqual([]);
  });

  it("reads no other answer as a claim (false claims)", () => {
    const byBlock = blocks(`non-claims.${language}.txt`);
    const all = [...byBlock.values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(100);
    const wrong = all.filter(claimsDeviceAction);
    const perBlock = [...byBlock].map(([block, answers]) => {
      return `${block} ${answers.filter(claimsDeviceAction).length}/${answers.length}`;
    });
    report.push(`  ${language} false claims: ${rate(wrong.length, all.length)} (${perBlock.join(", ")})`);
    // A Chinese knowledge answer can report a third party's change with 已 ("谷歌已经停止了…的支持"). Only a turn
    // that asks for a change is judged, where such an answer hardly comes up, so these few are allowed.
    const knowledge = byBlock.get("knowledge") ?? [];
    expect(wrong.filter((answer) => !knowledge.includes(answer))).toEqual([]);
    expect(knowledge.filter(claimsDeviceAction).length).toBeLessThanOrEqual(language === "zh" ? 3 : 0);
  });
});
