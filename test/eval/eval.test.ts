import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset, type EvalCase } from "../../eval/dataset.js";
import { scriptConfirmation, scriptLiteralModel, type TargetStyle } from "../../eval/literal-model.js";
import { markdownTable, runCases, summarize } from "../../eval/run.js";
import { ciSubset, FLOORS } from "../../eval/subset.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

/**
 * The resolution floor (docs/eval.md): every CI case through Cyrene's real turn with a literal-minded
 * scripted model; 0 wrong-device actions, and at least the stated share of cases done exactly.
 */
describe("the home-control eval with a literal-minded model", () => {
  const dataset = loadDataset();
  const cases = ciSubset(dataset.cases);
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await ScriptedLlm.start();
  });
  afterAll(() => llm?.close());

  const run = async (style: TargetStyle) => {
    const results = await runCases(
      dataset.homes,
      cases,
      { baseUrl: llm.baseUrl, apiKey: "k", model: "literal" },
      {
        beforeCase: (c: EvalCase) => scriptLiteralModel(llm, c, style),
        beforeConfirm: (id) => scriptConfirmation(llm, id),
      },
    );
    const rows = summarize(results);
    console.log(`\n${style} targets (${cases.length} cases)\n${markdownTable(rows)}`);
    if (process.env.CYRENE_EVAL_FAILURES)
      for (const r of results.filter((x) => !x.success))
        console.log(`${r.id} | ${r.sentence} | ${r.error ?? r.wrongDevices}`);
    return rows.at(-1)!;
  };

  it("passes the floor with the command words removed", { timeout: 150_000 }, async () => {
    const overall = await run("stripped");
    expect(overall.wrongDevice).toBe(0);
    expect(overall.successPct).toBeGreaterThanOrEqual(FLOORS.stripped);
  });

  it("passes the floor with the whole sentence as target", { timeout: 150_000 }, async () => {
    const overall = await run("whole");
    expect(overall.wrongDevice).toBe(0);
    expect(overall.successPct).toBeGreaterThanOrEqual(FLOORS.whole);
  });
});
