import { afterAll, beforeAll, expect, it } from "vitest";
import { loadDataset, type EvalCase } from "../../eval/dataset.js";
import { scriptConfirmation, scriptLiteralModel, type TargetStyle } from "../../eval/literal-model.js";
import { RealHaBackend } from "../../eval/real-home.js";
import { markdownTable, runCases, summarize } from "../../eval/run.js";
import { ciSubset, FLOORS } from "../../eval/subset.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

/**
 * The resolution floor (docs/eval.md): every CI case through Cyrene's real turn with a literal-minded
 * scripted model, each home loaded into a real Home Assistant Core (its own instance, started from the
 * tests' root), scored by HA's states; 0 wrong-device actions, and at least the stated share of cases
 * done exactly.
 */
describeHa("the home-control eval in the real Home Assistant, with a literal-minded model", () => {
  const dataset = loadDataset();
  const cases = ciSubset(dataset.cases);
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

  const run = async (style: TargetStyle) => {
    const results = await runCases(
      backend,
      dataset.homes,
      cases,
      { baseUrl: llm.baseUrl, apiKey: "k", model: "literal" },
      {
        beforeCase: (c: EvalCase) => scriptLiteralModel(llm, c, style),
        beforeConfirm: (id) => scriptConfirmation(llm, id),
      },
    );
    const rows = summarize(results);
    console.log(`\n${style} targets (${cases.length} cases, real HA)\n${markdownTable(rows)}`);
    for (const r of results.filter(
      (x) => x.wrongDevices.length || (process.env.CYRENE_EVAL_FAILURES && !x.success),
    ))
      console.log(`${r.id} | ${r.sentence} | ${r.error ?? ""} | wrong: ${r.wrongDevices.join(",")}`);
    return rows.at(-1)!;
  };

  it("passes the floor with the command words removed", { timeout: 600_000 }, async () => {
    const overall = await run("stripped");
    expect(overall.wrongDevice).toBe(0);
    expect(overall.successPct).toBeGreaterThanOrEqual(FLOORS.stripped);
  });

  it("passes the floor with the whole sentence as target", { timeout: 600_000 }, async () => {
    const overall = await run("whole");
    expect(overall.wrongDevice).toBe(0);
    expect(overall.successPct).toBeGreaterThanOrEqual(FLOORS.whole);
  });
});
