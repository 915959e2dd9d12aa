import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claimsDeviceAction } from "../../src/agent/claims.js";
import { PACK_LANGUAGES } from "../../src/words/language.js";
import { PACKS } from "../../src/words/packs.js";

/**
 * The false-"done" rule (claims.ts with each language's ClaimWords), measured on how assistants really
 * answer: every answer that tells the user a device was acted on must read as a claim (a missed one leaves
 * a false "done" standing), and no state report, refusal, question, offer, reminder, knowledge answer or
 * instruction may (it would cost a corrective round and replace an honest answer). Neither error stops an
 * action. Held out: a line whose SHA-256 begins with a byte below 64 (a quarter, fixed by the line alone
 * and split off before the de/fr forms were tuned on the rest). The rates are printed with the run.
 */
const CORPUS = join(import.meta.dirname, "corpus");
const heldOut = (line: string) => createHash("sha256").update(line).digest()[0]! < 64;

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

const rows: string[] = [];
const rate = (wrong: number, of: number) =>
  of ? `${wrong}/${of} (${((100 * wrong) / of).toFixed(1)} %)` : "–";
const row = (label: string, all: string[], wrong: (answer: string) => boolean) => {
  const tuning = all.filter((line) => !heldOut(line));
  const held = all.filter(heldOut);
  const missTuning = tuning.filter(wrong);
  const missHeld = held.filter(wrong);
  rows.push(
    `  ${label.padEnd(20)} ${rate(missTuning.length, tuning.length).padEnd(18)} | ${rate(missHeld.length, held.length)}`,
  );
  return { missTuning, missHeld, held };
};

afterAll(() =>
  console.log(
    `\nThe false-"done" rule per language (tuning part | held-out part)\n${rows.sort().join("\n")}\n`,
  ),
);

describe.each(PACK_LANGUAGES)("the claim rule in %s", (language) => {
  const { claims } = PACKS[language];
  const claimed = (answer: string) => claimsDeviceAction(answer, claims);
  const least = language === "en" || language === "zh" ? 100 : 35;

  it("reads every answer that reports an action as a claim (missed claims)", () => {
    const all = [...blocks(`claims.${language}.txt`).values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(least);
    const { missTuning, missHeld, held } = row(`${language} missed claims`, all, (a) => !claimed(a));
    expect(missTuning).toEqual([]);
    expect(missHeld.length / Math.max(held.length, 1)).toBeLessThanOrEqual(0.15);
  });

  it("reads no other answer as a claim (false claims)", () => {
    const byBlock = blocks(`non-claims.${language}.txt`);
    // A Chinese knowledge answer can report a third party's change with 已 ("谷歌已经停止了…的支持"). Only a turn
    // that asks for a change is judged, where such an answer hardly comes up, so these few are allowed.
    const knowledge = byBlock.get("knowledge") ?? [];
    const all = [...byBlock.values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(least);
    const { missTuning, missHeld, held } = row(`${language} false claims`, all, claimed);
    expect(missTuning.filter((answer) => !knowledge.includes(answer))).toEqual([]);
    expect(knowledge.filter(claimed).length).toBeLessThanOrEqual(language === "zh" ? 3 : 0);
    expect(missHeld.length / Math.max(held.length, 1)).toBeLessThanOrEqual(0.15);
  });
});
