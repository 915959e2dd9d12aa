/**
 * Runs eval cases through Cyrene's real turn (the Assistant, its tool loop and iot_control) against each
 * home in a backend (the real Home Assistant by default, eval/real-home.ts), and scores them by the
 * states Home Assistant reports: a case passes when exactly the expected entities changed as expected
 * and nothing else did. A call on any other entity is a wrong-device action.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCyrene } from "../src/compose.js";
import { loadConfig } from "../src/config/load.js";
import { silentLogger } from "../src/logging/logger.js";
import { allowAllTools } from "../src/tools/policy.js";
import { fingerprint, type HomeBackend } from "./backend.js";
import type { EvalCase, EvalHome, Expectation } from "./dataset.js";
import { confirmationAnswer } from "./confirmation-answers.js";

export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface CaseResult {
  id: string;
  home: string;
  sentence: string;
  /** See EvalCase.determinate. */
  determinate: boolean;
  success: boolean;
  /** Entities acted on that the case did not mean. */
  wrongDevices: string[];
  /** Nothing was done, and a tool answer named the candidates. */
  refusedWithCandidates: boolean;
  /** How the case ended (see Outcome). */
  outcome: Outcome;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  /** The last iot_control error, for reading failures. */
  error?: string;
}

/**
 * How a case ended: done as expected; a question that names the candidates (the right answer where the
 * words cannot tell the device); an action on something else or not as expected (a guess, where they
 * cannot); or nothing done without naming the candidates.
 */
export type Outcome = "done" | "asked" | "acted" | "refused";

export interface RunHooks {
  /** Before each case (the scripted eval scripts its model here). */
  beforeCase?: (c: EvalCase) => void;
  /** Before the user's "yes" to a confirmation that iot_control asked for (locks, garage doors). */
  beforeConfirm?: (confirmationId: string) => void;
  onResult?: (r: CaseResult) => void;
}

/** Runs `cases` (grouped by home) against `llm`; one Cyrene per home, as a fresh install would be. */
export async function runCases(
  backend: HomeBackend,
  homes: EvalHome[],
  cases: EvalCase[],
  llm: LlmEndpoint,
  hooks: RunHooks = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const home of homes) {
    const mine = cases.filter((c) => c.home === home.id);
    if (!mine.length) continue;
    const { ha, env } = await backend.open(home);
    const dataDir = mkdtempSync(join(tmpdir(), "cyrene-eval-"));
    const config = loadConfig({
      optionsPath: join(dataDir, "no-options.json"),
      env: {
        CYRENE_LLM_BASE_URL: llm.baseUrl,
        CYRENE_LLM_API_KEY: llm.apiKey,
        CYRENE_LLM_MODEL: llm.model,
        CYRENE_DATA_DIR: dataDir,
        CYRENE_TIME_ZONE: "UTC",
        CYRENE_LOG_LEVEL: "silent",
        CYRENE_THINKER_ENABLED: "false",
        ...env,
      },
    });
    const cyrene = createCyrene(config, { logger: silentLogger(), ha });
    try {
      for (const c of mine) {
        await backend.reset(c);
        hooks.beforeCase?.(c);
        const result = await runCase(cyrene.assistant, backend, home, c, hooks);
        results.push(result);
        hooks.onResult?.(result);
      }
    } finally {
      await cyrene.background.settle();
      await cyrene.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}

type Assistant = ReturnType<typeof createCyrene>["assistant"];

async function runCase(
  assistant: Assistant,
  backend: HomeBackend,
  home: EvalHome,
  c: EvalCase,
  hooks: RunHooks,
): Promise<CaseResult> {
  const before = await backend.states();
  const errors: string[] = [];
  let confirmation: string | undefined;
  const sink = (event: Parameters<Parameters<Assistant["turn"]>[1]>[0]) => {
    if (event.type !== "tool_finished" || event.name !== "iot_control") return;
    if (!event.result.success) errors.push(event.result.error);
    const data = event.result.success
      ? (event.result.data as { status?: string; confirmation_id?: string })
      : {};
    if (data.status === "confirmation_required") confirmation = data.confirmation_id;
  };
  const started = performance.now();
  const heard = {
    ...(c.language ? { language: c.language } : {}),
    ...(c.speakerArea ? { speaker: { area: c.speakerArea } } : {}),
  };
  const first = await assistant.turn(
    { message: c.sentence, source: "eval", policy: allowAllTools, ...heard },
    sink,
  );
  const usage = { ...first.usage };
  // Locks and garage doors are confirmed by the user in a next turn; the eval's user says yes as people do.
  if (confirmation) {
    hooks.beforeConfirm?.(confirmation);
    const yes = confirmationAnswer(c);
    const second = await assistant.turn(
      { message: yes, conversationId: first.conversationId, source: "eval", policy: allowAllTools, ...heard },
      sink,
    );
    usage.promptTokens += second.usage.promptTokens;
    usage.completionTokens += second.usage.completionTokens;
  }
  const latencyMs = performance.now() - started;
  const after = await backend.states();
  const wrongDevices = [
    ...new Set(backend.calls.flatMap((call) => call.entityIds ?? []).filter((id) => !(id in c.expect))),
  ];
  // The home's entities; HA's own (backup sensors, zone.home) are not the eval's.
  const changedElsewhere = home.entities.some(
    ({ id }) => !(id in c.expect) && fingerprint(after[id]) !== fingerprint(before[id]),
  );
  const met = Object.entries(c.expect).every(([id, want]) => holds(want, before[id], after[id]));
  const success = met && !changedElsewhere && wrongDevices.length === 0;
  const refusedWithCandidates =
    !success && backend.calls.length === 0 && errors.some((e) => /\([a-z_]+\.[a-z0-9_]+[,)]/.test(e));
  const outcome: Outcome = success
    ? "done"
    : refusedWithCandidates
      ? "asked"
      : backend.calls.length
        ? "acted"
        : "refused";
  return {
    id: c.id,
    home: c.home,
    sentence: c.sentence,
    determinate: c.determinate,
    success,
    wrongDevices,
    refusedWithCandidates,
    outcome,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    latencyMs,
    error: errors.at(-1),
  };
}

type StateLike = { state: string; attributes: Record<string, unknown> } | undefined;

function holds(want: Expectation, before: StateLike, after: StateLike): boolean {
  if (!after) return false;
  if (want.state !== undefined && after.state !== want.state) return false;
  if (!want.attribute) return true;
  const { name, op, value } = want.attribute;
  const now = after.attributes[name];
  const was = before?.attributes[name];
  if (op === "changed") return JSON.stringify(now) !== JSON.stringify(was);
  if (typeof now !== "number" || value === undefined) return false;
  if (op === "eq") return Math.abs(now - value) <= Math.max(1e-6, Math.abs(value) * 0.01);
  return op === "gt" ? now > value : now < value;
}

export interface Row {
  home: string;
  cases: number;
  /** Of the determinate cases. */
  successPct: number;
  /** Of all cases, indeterminate ones included. */
  allSuccessPct: number;
  /** Cases whose words cannot tell the device, and how many of them were refused with the candidates. */
  indeterminate: number;
  indeterminateRefused: number;
  /** How the indeterminate cases ended, by Outcome. */
  indeterminateOutcomes: Record<Outcome, number>;
  wrongDevice: number;
  refusalsWithCandidates: number;
  promptTokens: number;
  completionTokens: number;
  p50Ms: number;
  p95Ms: number;
}

/** One row per home and an overall row. */
export function summarize(results: CaseResult[]): Row[] {
  const homes = [...new Set(results.map((r) => r.home))];
  const row = (home: string, rs: CaseResult[]): Row => {
    const latency = rs.map((r) => r.latencyMs).sort((a, b) => a - b);
    const at = (q: number) => latency[Math.min(latency.length - 1, Math.floor(q * latency.length))] ?? 0;
    const scored = rs.filter((r) => r.determinate);
    const open = rs.filter((r) => !r.determinate);
    return {
      home,
      cases: rs.length,
      successPct: scored.length ? (100 * scored.filter((r) => r.success).length) / scored.length : 100,
      allSuccessPct: rs.length ? (100 * rs.filter((r) => r.success).length) / rs.length : 100,
      indeterminate: open.length,
      indeterminateRefused: open.filter((r) => r.refusedWithCandidates).length,
      indeterminateOutcomes: outcomes(open),
      wrongDevice: rs.reduce((n, r) => n + r.wrongDevices.length, 0),
      refusalsWithCandidates: rs.filter((r) => r.refusedWithCandidates).length,
      promptTokens: rs.length ? rs.reduce((n, r) => n + r.promptTokens, 0) / rs.length : 0,
      completionTokens: rs.length ? rs.reduce((n, r) => n + r.completionTokens, 0) / rs.length : 0,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
    };
  };
  return [
    ...homes.map((h) =>
      row(
        h,
        results.filter((r) => r.home === h),
      ),
    ),
    row("overall", results),
  ];
}

function outcomes(results: CaseResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { done: 0, asked: 0, acted: 0, refused: 0 };
  for (const r of results) counts[r.outcome]++;
  return counts;
}

/** "done/asked/acted/refused" of the indeterminate cases: asked (with the candidates) is right there. */
export function indeterminateEnds(r: Row): string {
  const o = r.indeterminateOutcomes;
  return `${o.done}/${o.asked}/${o.acted}/${o.refused}`;
}

export function markdownTable(rows: Row[]): string {
  const head =
    "| home | cases | success % (determinate) | of all cases % | wrong-device | refusals w/ candidates | indeterminate | its ends: done/asked/acted/refused | input tok/case | output tok/case | p50 ms | p95 ms |";
  const lines = rows.map(
    (r) =>
      `| ${r.home} | ${r.cases} | ${r.successPct.toFixed(1)} | ${r.allSuccessPct.toFixed(1)} | ${r.wrongDevice} | ${r.refusalsWithCandidates} | ` +
      `${r.indeterminate} | ${indeterminateEnds(r)} | ` +
      `${Math.round(r.promptTokens)} | ${Math.round(r.completionTokens)} | ${Math.round(r.p50Ms)} | ${Math.round(r.p95Ms)} |`,
  );
  return [head, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|", ...lines].join("\n");
}
