import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeAssistant } from "../../src/ha/index.js";
import { RealHa } from "../../eval/real-home.js";
import {
  connect,
  ruleHome,
  ruleTable,
  runRuleScenario,
  RULE_SCENARIOS,
  type RuleResult,
} from "../../eval/rule-scenarios.js";
import { useHa } from "../fixtures/ha/use-ha.js";

/**
 * The public automations scenarios as homes in a real HA of their own (cyrene_eval_home), each rule written
 * through home_rule in English and in Chinese, its event fired in HA, its end state read back from HA.
 */
const available = useHa() !== undefined;
const results: RuleResult[] = [];

(available ? describe : describe.skip)("home rules on the automations scenarios", () => {
  let real: RealHa;
  let ha: HomeAssistant | undefined;
  let loaded = "";

  beforeAll(async () => {
    real = await RealHa.start();
  }, 180_000);
  afterAll(async () => {
    await ha?.close();
    await real?.stop();
    process.stdout.write(`\n${ruleTable(results)}\n`);
  });

  it.each(RULE_SCENARIOS.map((s) => [`${s.id} (${s.language})`, s] as const))(
    "%s: written after the yes, and HA does what the scenario expects",
    async (_name, scenario) => {
      if (loaded !== scenario.home) {
        await ha?.close();
        await real.load(ruleHome(scenario.home));
        ha = await connect(real);
        loaded = scenario.home;
      }
      const result = await runRuleScenario(real, ha!, scenario);
      results.push(result);
      expect(result.error).toBeUndefined();
      expect(result.said).toBe(scenario.said);
      expect(result.passed, result.steps.join("; ")).toBe(true);
    },
    60_000,
  );
});
