import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../eval/dataset.js";
import { isStatusQuestion } from "../../src/words/user-intent.js";
import { PACK_LANGUAGES, type PackLanguage } from "../../src/words/language.js";
import { PACKS } from "../../src/words/packs.js";
import { useScriptedLoop } from "./support/scripted-loop.js";

/**
 * The status-question reading (user-intent.ts with each language's IntentWords), measured on how people
 * really say things, per language:
 * - confirmations ("yes, do it") and requests phrased as questions ("can you…?", "可以…吗", "kannst du…?",
 *   "peux-tu… ?") must not read as status questions: a misread one costs the person a "yes" (the call waits
 *   for it), never the action;
 * - status questions must read as such: a missed one lets a wrong device call of the model's stand;
 * - commands (the eval datasets' sentences for en/zh, HA's intents tests for de/fr) must not read as
 *   questions either.
 *
 * Held out: a line whose SHA-256 begins with a byte below 64 (a quarter, fixed by the line alone and split
 * off before the rules were tuned on the rest). The tuning part must read without error; the held-out
 * part's rates are printed beside it.
 */
const CORPUS = join(import.meta.dirname, "corpus");
const lines = (file: string) =>
  readFileSync(join(CORPUS, file), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
const heldOut = (line: string) => createHash("sha256").update(line).digest()[0]! < 64;

const commands = loadDataset().cases.map((c) => c.sentence);
const datasetCommands = {
  en: [...new Set(commands.filter((s) => !/\p{Script=Han}/u.test(s)))],
  zh: [...new Set(commands.filter((s) => /\p{Script=Han}/u.test(s)))],
};
const commandsOf = (language: PackLanguage) =>
  language === "en" || language === "zh" ? datasetCommands[language] : lines(`commands.${language}.txt`);

type SetName = "confirmations" | "requests" | "commands" | "status";
const setOf = (name: SetName, language: PackLanguage): string[] =>
  name === "commands"
    ? commandsOf(language)
    : lines(`${name === "status" ? "status-questions" : name}.${language}.txt`);
/** What counts as an error in each set: a misread status question, or a missed one. */
const WRONG: Record<SetName, { says: string; wrong: (read: boolean) => boolean }> = {
  confirmations: { says: "confirmations asked again", wrong: (status) => status },
  requests: { says: "requests asked again", wrong: (status) => status },
  commands: { says: "commands asked again", wrong: (status) => status },
  status: { says: "status questions let through", wrong: (status) => !status },
};

const rows: string[] = [];
const rate = (wrong: number, of: number) =>
  of ? `${wrong}/${of} (${((100 * wrong) / of).toFixed(1)} %)` : "–";

afterAll(() =>
  console.log(
    `\nThe status-question reading per language (tuning part | held-out part)\n${rows.sort().join("\n")}\n`,
  ),
);

describe.each(PACK_LANGUAGES)("the status-question reading in %s", (language) => {
  const { intent } = PACKS[language];
  it.each(["confirmations", "requests", "commands", "status"] as const)("%s", (name) => {
    const all = setOf(name, language);
    expect(all.length).toBeGreaterThanOrEqual(name === "requests" ? 40 : 50);
    const { says, wrong } = WRONG[name];
    const misread = (part: string[]) => part.filter((text) => wrong(isStatusQuestion(text, intent)));
    const tuning = all.filter((line) => !heldOut(line));
    const held = all.filter(heldOut);
    const missTuning = misread(tuning);
    const missHeld = misread(held);
    rows.push(
      `  ${language} ${says.padEnd(30)} ${rate(missTuning.length, tuning.length).padEnd(18)} | ${rate(missHeld.length, held.length)}`,
    );
    expect(missTuning).toEqual([]);
    // The held-out part is not read line by line here: only its rate is printed and bounded.
    expect(missHeld.length / Math.max(held.length, 1)).toBeLessThanOrEqual(0.15);
  });
});

describe("a misread request is never refused", () => {
  const loop = useScriptedLoop();
  const ON = { service: "fan.turn_on", target: "fan" };

  it.each(PACK_LANGUAGES)(
    "every request in %s acts or waits for a yes, through the loop",
    async (language) => {
      for (const request of setOf("requests", language)) {
        loop.llm.script({ toolCalls: [{ name: "iot_control", arguments: ON }] }, { text: "ok" });
        const { events } = await loop.turn(request, [], language);
        const result = events.find((e) => e.type === "tool_finished" && e.name === "iot_control");
        expect(result, request).toMatchObject({ result: { success: true } });
      }
    },
  );
});
