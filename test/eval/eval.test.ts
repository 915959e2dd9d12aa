import { afterAll, beforeAll, expect, it } from "vitest";
import { loadDataset, type EvalCase } from "../../eval/dataset.js";
import { resolve } from "../../src/ha/resolve.js";
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
  // CYRENE_EVAL_SLICE=N: every Nth case of the CI subset (the run against the oldest HA, vitest.oldest-ha.config.ts).
  const every = Math.max(1, Number(process.env.CYRENE_EVAL_SLICE) || 1);
  const cases = ciSubset(dataset.cases).filter((_, i) => i % every === 0);
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

  it("loads a home into HA's registries, with entities that HA's own services drive", async () => {
    const beijing = dataset.homes.find((h) => h.id === "beijing-house-cn")!;
    const chengdu = dataset.homes.find((h) => h.id === "chengdu-studio-cn")!;
    const first = (await backend.open(beijing)).ha;
    try {
      const dir = (await first.snapshot()).directory;
      expect([...dir.areas.values()].find((a) => a.name === "儿童房")).toMatchObject({
        aliases: ["宝宝房"],
        floorName: "二楼",
      });
      const opener = dir.get("light.garage_door_opener_light")!;
      expect(opener).toMatchObject({ name: "车库门开门器 灯", exposed: true, deviceId: expect.any(String) });
      expect(dir.areaName(opener)).toBe("车库");
    } finally {
      await first.close();
    }
    // The next home replaces it, aliases of entities included; one case's reset primes its target.
    const { ha } = await backend.open(chengdu);
    try {
      const dir = (await ha.snapshot()).directory;
      expect(dir.get("light.garage_door_opener_light")).toBeUndefined();
      expect(resolve(dir, "大灯", { domains: ["light"] }).candidates[0]?.entity.entityId).toBe(
        "light.main_light",
      );
      const dim = dataset.cases.find((c) => c.home === "chengdu-studio-cn" && c.service === "light.turn_on")!;
      await backend.reset({ ...dim, prime: { "light.main_light": { state: "off" } } });
      expect((await backend.states())["light.main_light"]?.state).toBe("off");
      // HA's light.turn_on handler turns brightness_pct into brightness.
      await ha.callService({
        domain: "light",
        service: "turn_on",
        data: { brightness_pct: 50 },
        entityIds: ["light.main_light"],
      });
      const after = (await backend.states())["light.main_light"]!;
      expect(after.state).toBe("on");
      expect(after.attributes.brightness).toBe(128);
      expect(backend.calls).toHaveLength(1);
    } finally {
      await ha.close();
    }
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
    // Where the words cannot tell the device, the answer is a question naming the candidates, never a
    // guess.
    expect(overall.indeterminateOutcomes.acted).toBe(0);
    expect(overall.indeterminateOutcomes.refused).toBe(0);
    expect(overall.successPct).toBeGreaterThanOrEqual(FLOORS.stripped);
  });

  it("passes the floor with the whole sentence as target", { timeout: 600_000 }, async () => {
    const overall = await run("whole");
    expect(overall.wrongDevice).toBe(0);
    expect(overall.indeterminateOutcomes.acted).toBe(0);
    expect(overall.indeterminateOutcomes.refused).toBe(0);
    expect(overall.successPct).toBeGreaterThanOrEqual(FLOORS.whole);
  });
});
