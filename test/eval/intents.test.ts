import { afterAll, beforeAll, expect, it } from "vitest";
import { INTENT_FLOORS, loadIntentCases } from "../../eval/intents.js";
import { scriptConfirmation, scriptLiteralModel } from "../../eval/literal-model.js";
import { RealHaBackend } from "../../eval/real-home.js";
import { markdownTable, runCases, summarize, type CaseResult } from "../../eval/run.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

/**
 * Home Assistant's own intent tests (en, de, fr, zh-CN; eval/intents.ts): each language's test home loaded
 * into a real HA Core, each device sentence sent whole as a literal-minded model would, the devices
 * Cyrene acts on scored against those HA's intents act on for the expected slots. Per language: the share
 * of determinate cases done exactly at its floor, 0 wrong devices, and where HA finds no device, nothing
 * done.
 */
describeHa("Home Assistant's intent sentences, whole, in the real Home Assistant", () => {
  const { homes, cases } = loadIntentCases(process.env.CYRENE_INTENTS?.split(",") ?? undefined);
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
      const results: CaseResult[] = await runCases(
        backend,
        homes,
        cases,
        { baseUrl: llm.baseUrl, apiKey: "k", model: "literal" },
        {
          beforeCase: (c) => scriptLiteralModel(llm, c, "whole"),
          beforeConfirm: (id) => scriptConfirmation(llm, id),
        },
      );
      const rows = summarize(results);
      console.log(`\nHA intent sentences, whole (${cases.length} cases, real HA)\n${markdownTable(rows)}`);
      // Determinate cases that acted on some of HA's devices and nothing else (a kind said, where HA's slots
      // name only the domain: see INTENT_FLOORS).
      for (const row of rows) {
        const mine = results.filter((r) => row.home === "overall" || r.home === row.home);
        const part = mine.filter((r) => r.determinate && r.outcome === "acted" && !r.wrongDevices.length);
        console.log(
          `${row.home}: ${part.length} determinate cases acted on a part of HA's devices, none else`,
        );
      }
      for (const r of results.filter((x) => x.wrongDevices.length || !x.success))
        console.log(
          `${r.id} | ${r.outcome} | ${r.sentence} | ${r.error ?? ""} | wrong: ${r.wrongDevices.join(",")}`,
        );
      for (const row of rows.filter((r) => r.home !== "overall")) {
        expect(row.wrongDevice, row.home).toBe(0);
        expect(row.indeterminateOutcomes.acted, row.home).toBe(0);
        expect(row.successPct, row.home).toBeGreaterThanOrEqual(INTENT_FLOORS[row.home] ?? 100);
      }
    },
  );
});
