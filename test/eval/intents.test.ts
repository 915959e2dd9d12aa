import { afterAll, beforeAll, expect, it } from "vitest";
import { expectWhatHaTargets, type Reread } from "../../eval/intents-ha.js";
import { INTENT_FLOORS, loadIntentCases } from "../../eval/intents.js";
import { scriptConfirmation, scriptLiteralModel } from "../../eval/literal-model.js";
import { RealHaBackend } from "../../eval/real-home.js";
import { markdownTable, runCases, summarize, type CaseResult } from "../../eval/run.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

/**
 * Home Assistant's own intent tests (en, de, fr, zh-CN; eval/intents.ts): each language's test home loaded
 * into a real HA Core, each device sentence sent whole as a literal-minded model would, the devices
 * Cyrene acts on scored against those the HA under test targets for that sentence (its
 * `conversation/agent/homeassistant/debug`, eval/intents-ha.ts). Where that HA cannot read a sentence
 * (no intent, another intent, a slot it matches to nothing), the case keeps the devices of the vendored
 * 4cc318b slots and is reported apart. Per language: the share of determinate cases done exactly at its
 * floor, 0 wrong devices, and where HA targets no device, nothing done.
 */
describeHa("Home Assistant's intent sentences, whole, in the real Home Assistant", () => {
  // CYRENE_INTENTS=de,fr (or the homes' names, intents-de) narrows the run to those languages.
  const only = process.env.CYRENE_INTENTS?.split(",").map((l) => l.trim().replace(/^intents-/, ""));
  const { homes, cases } = loadIntentCases(only);
  let llm: ScriptedLlm;
  let backend: RealHaBackend;
  beforeAll(async () => {
    llm = await ScriptedLlm.start();
    backend = await RealHaBackend.start();
  });
  afterAll(async () => {
    await llm?.close();
    await backend?.close();
  });

  it(
    "acts on the devices HA's intents act on, in every language with a pack",
    { timeout: 900_000 },
    async () => {
      const reread = await expectWhatHaTargets(backend.real, homes, cases);
      printReadings(reread);
      const results: CaseResult[] = await runCases(
        backend,
        homes,
        reread.map((r) => r.case),
        { baseUrl: llm.baseUrl, apiKey: "k", model: "literal" },
        {
          beforeCase: (c) => scriptLiteralModel(llm, c, "whole"),
          beforeConfirm: (id) => scriptConfirmation(llm, id),
        },
      );
      // The cases this HA reads (its targets are the truth) and those it cannot (the vendored slots').
      const kept = new Set(reread.filter((r) => r.reading.startsWith("kept")).map((r) => r.case.id));
      const rows = summarize(results.filter((r) => !kept.has(r.id)));
      const keptRows = summarize(results.filter((r) => kept.has(r.id)));
      console.log(
        `\nHA intent sentences, whole, expecting what HA 2026.11 targets (${cases.length - kept.size} cases, real HA)\n` +
          `${markdownTable(rows)}\n\nThose HA 2026.11 cannot read, expecting the vendored slots' devices` +
          ` (${kept.size} cases)\n${markdownTable(keptRows)}`,
      );
      for (const r of results.filter((x) => x.wrongDevices.length || !x.success))
        console.log(
          `${r.id}${kept.has(r.id) ? " (slots)" : ""} | ${r.outcome} | ${r.sentence} | ${r.error ?? ""}` +
            ` | expected: ${Object.keys(reread.find((x) => x.case.id === r.id)!.case.expect).join(",") || "-"}` +
            ` | wrong: ${r.wrongDevices.join(",")}`,
        );
      for (const row of [...rows, ...keptRows].filter((r) => r.home !== "overall")) {
        expect(row.wrongDevice, row.home).toBe(0);
        expect(row.indeterminateOutcomes.acted, row.home).toBe(0);
      }
      for (const row of rows.filter((r) => r.home !== "overall"))
        expect(row.successPct, row.home).toBeGreaterThanOrEqual(INTENT_FLOORS[row.home] ?? 100);
    },
  );
});

/** Per language, how the HA under test reads the sentences against the vendored slots, and each difference. */
function printReadings(reread: Reread[]): void {
  const homes = [...new Set(reread.map((r) => r.case.home))];
  for (const home of homes) {
    const mine = reread.filter((r) => r.case.home === home);
    const counts = new Map<string, number>();
    for (const r of mine) counts.set(r.reading, (counts.get(r.reading) ?? 0) + 1);
    console.log(
      `${home}: HA read vs the vendored slots: ${[...counts].map(([k, n]) => `${k} ${n}`).join(", ")}`,
    );
  }
  for (const r of reread.filter((x) => x.reading !== "same"))
    console.log(
      `${r.case.id} | ${r.reading} | ${r.case.sentence} | slots: ${r.slotTargets.join(",") || "-"}` +
        ` | HA: ${r.haTargets?.join(",") || "-"} | ${r.ha ?? ""}`,
    );
}
