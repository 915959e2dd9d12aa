/**
 * npm run eval -- --model NAME | --scripted whole|stripped [options]   (--help lists them)
 *
 * Runs the home-control eval through Cyrene's real turn, with the homes loaded into the real Home
 * Assistant Core of the tests (started from scripts/ha/provision.sh's root; --sim: the simulator
 * instead). With --model, against the OpenAI-compatible endpoint in CYRENE_LLM_BASE_URL (key in
 * CYRENE_LLM_API_KEY, or OPENAI_API_KEY); with --scripted, offline with the literal-minded model of the
 * CI test. Prints a table per home and overall. --rules adds the home-rule scenarios (eval/rule-scenarios.ts:
 * the public automations scenarios, each rule written through home_rule by scripted calls and fired in HA).
 */
import { parseArgs } from "node:util";
import { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import type { HomeBackend } from "./backend.js";
import { loadDataset, type EvalCase, type EvalHome } from "./dataset.js";
import { scriptConfirmation, scriptLiteralModel, type TargetStyle } from "./literal-model.js";
import { RealHaBackend } from "./real-home.js";
import {
  connect,
  RULE_SCENARIOS,
  ruleHome,
  ruleTable,
  runRuleScenario,
  type RuleResult,
} from "./rule-scenarios.js";
import {
  indeterminateEnds,
  markdownTable,
  runCases,
  summarize,
  type CaseResult,
  type LlmEndpoint,
} from "./run.js";
import { SimBackend } from "./sim-home.js";
import { ciSubset } from "./subset.js";

const USAGE = `Usage:
  npm run eval -- --model NAME [--markdown | --json] [--home ID]... [--subset ci] [--limit N] [--failures] [--sim]
  npm run eval -- --scripted whole|stripped [--markdown | --json] [--home ID]... [--limit N] [--sim]

  --model NAME          the model at CYRENE_LLM_BASE_URL (key in CYRENE_LLM_API_KEY or OPENAI_API_KEY)
  --scripted STYLE      offline, with the literal-minded model of the CI test (whole or stripped targets)
  --markdown, --json    print a Markdown table or JSON instead of the console table
  --home ID             only this home's cases (repeatable)
  --subset ci           the CI subset of the cases
  --limit N             the first N cases
  --failures            print each failed case to stderr as it happens
  --sim                 simulated homes instead of the real Home Assistant
  --rules               also the home-rule scenarios (real Home Assistant only; --limit 0: only them)
  --help                this text`;

const OPTIONS = {
  model: { type: "string" },
  scripted: { type: "string" },
  markdown: { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  home: { type: "string", multiple: true },
  subset: { type: "string" },
  limit: { type: "string" },
  failures: { type: "boolean", default: false },
  sim: { type: "boolean", default: false },
  rules: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** The options, or the usage: on --help to stdout; after what is wrong with them to stderr, exit code 2. */
function parseOptions(): ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"] {
  try {
    const { values } = parseArgs({ options: OPTIONS });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return values;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (!code?.startsWith("ERR_PARSE_ARGS_")) throw error;
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    // Node's text for an unknown option goes on about positionals; the option is what matters.
    console.error(`eval: ${unknown ? `unknown option ${unknown}` : message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = parseOptions();

async function main(): Promise<void> {
  if (!values.model && !values.scripted) {
    throw new Error(
      "pass --model NAME (with CYRENE_LLM_BASE_URL and a key in the environment) or --scripted whole|stripped (--help lists the options)",
    );
  }
  const dataset = loadDataset();
  let cases = values.subset === "ci" ? ciSubset(dataset.cases) : dataset.cases;
  if (values.home?.length) cases = cases.filter((c) => values.home!.includes(c.home));
  if (values.limit) cases = cases.slice(0, Number(values.limit));
  const progress = (r: CaseResult) => {
    if (values.failures && !r.success)
      process.stderr.write(
        `${r.id}${r.determinate ? "" : " (indeterminate)"} | ${r.sentence} | ${r.error ?? r.wrongDevices.join(",")}\n`,
      );
  };

  if (values.rules && values.sim) throw new Error("--rules needs the real Home Assistant (leave out --sim)");
  const started = performance.now();
  const backend: HomeBackend = values.sim ? new SimBackend() : await RealHaBackend.start();
  let results: CaseResult[];
  let rules: RuleResult[] = [];
  try {
    results = await run(backend, dataset.homes, cases, progress);
    if (values.rules) rules = await runRules(backend as RealHaBackend);
  } finally {
    await backend.close();
  }
  const wallS = Math.round((performance.now() - started) / 1000);

  const rows = summarize(results);
  const model = values.model ?? `literal (${values.scripted})`;
  const where = backend.name === "sim" ? "simulated homes" : "the real Home Assistant";
  if (values.json) {
    console.log(
      JSON.stringify({ model, backend: backend.name, wallS, cases: results.length, rows, results }, null, 2),
    );
  } else if (values.markdown) {
    console.log(`### ${model}, ${where}: ${results.length} cases in ${wallS} s\n\n${markdownTable(rows)}`);
  } else {
    console.table(
      rows.map((r) => ({
        home: r.home,
        cases: r.cases,
        "success %": r.successPct.toFixed(1),
        "of all %": r.allSuccessPct.toFixed(1),
        "wrong device": r.wrongDevice,
        "refused w/ candidates": r.refusalsWithCandidates,
        indeterminate: r.indeterminate,
        "done/asked/acted/refused": indeterminateEnds(r),
        "in tok/case": Math.round(r.promptTokens),
        "out tok/case": Math.round(r.completionTokens),
        "p50 ms": Math.round(r.p50Ms),
        "p95 ms": Math.round(r.p95Ms),
      })),
    );
  }
  if (values.rules) {
    const passed = rules.filter((r) => r.passed).length;
    if (values.json) console.log(JSON.stringify({ rules }, null, 2));
    else console.log(`\n### Home rules: ${passed}/${rules.length} scenarios\n\n${ruleTable(rules)}`);
  }
}

/** The home-rule scenarios, home by home, on the backend's Home Assistant. */
async function runRules(backend: RealHaBackend): Promise<RuleResult[]> {
  const results: RuleResult[] = [];
  for (const home of [...new Set(RULE_SCENARIOS.map((s) => s.home))]) {
    await backend.real.load(ruleHome(home));
    const ha = await connect(backend.real);
    try {
      for (const s of RULE_SCENARIOS.filter((r) => r.home === home))
        results.push(await runRuleScenario(backend.real, ha, s));
    } finally {
      await ha.close();
    }
  }
  return results;
}

/** The cases through Cyrene with the scripted literal model (--scripted) or the configured endpoint. */
async function run(
  backend: HomeBackend,
  homes: EvalHome[],
  cases: EvalCase[],
  onResult: (r: CaseResult) => void,
): Promise<CaseResult[]> {
  if (values.scripted) {
    const style = values.scripted as TargetStyle;
    if (style !== "whole" && style !== "stripped") throw new Error("--scripted takes whole or stripped");
    const llm = await ScriptedLlm.start();
    try {
      const endpoint = { baseUrl: llm.baseUrl, apiKey: "scripted", model: `literal-${style}` };
      return await runCases(backend, homes, cases, endpoint, {
        beforeCase: (c) => scriptLiteralModel(llm, c, style),
        beforeConfirm: (id) => scriptConfirmation(llm, id),
        onResult,
      });
    } finally {
      await llm.close();
    }
  }
  const baseUrl = process.env.CYRENE_LLM_BASE_URL;
  const apiKey = process.env.CYRENE_LLM_API_KEY ?? process.env.OPENAI_API_KEY;
  if (!baseUrl || !apiKey)
    throw new Error("set CYRENE_LLM_BASE_URL and CYRENE_LLM_API_KEY (or OPENAI_API_KEY)");
  const endpoint: LlmEndpoint = { baseUrl, apiKey, model: values.model! };
  return runCases(backend, homes, cases, endpoint, { onResult });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
