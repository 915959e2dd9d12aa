/**
 * Tools per turn: what a request costs with the 19 built-in tools and with MCP servers' tools added (the
 * 101 of test/fixtures/many-tools, and copies of them up to 500), the selector's recall@k on the 60
 * labelled requests (30 English, 30 Chinese), and the selection's time per turn.
 * Standalone: `npx tsx bench/tools-per-turn.ts`.
 */
import { pathToFileURL } from "node:url";
import type { ChatMessage } from "../src/llm/messages.js";
import type { ToolDefinition } from "../src/tools/contract.js";
import { allowAllTools } from "../src/tools/policy.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { ToolIndex } from "../src/tools/selection/tool-index.js";
import { TOOL_SELECTION, ToolSelection } from "../src/tools/selection/tool-selection.js";
import { embeddingText } from "../src/tools/selection/tool-vectors.js";
import { LABELLED_REQUESTS } from "../test/fixtures/many-tools/requests.js";
import { manyToolDefinitions, SYNTHETIC_TOOLS, syntheticTools } from "../test/fixtures/many-tools/tools.js";
import { hashedEmbedding } from "../test/fixtures/scripted-llm/server.js";
import { startHarness } from "../test/support/harness.js";
import { FULL_ENV, requestTokens } from "../test/support/tool-tokens.js";
import { ms, printTable, summarize } from "./stats.js";

const BUILT_IN = 19;

export async function benchToolsPerTurn(counts = [BUILT_IN, 120, 500], timingRuns = 20): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const count of counts) {
    const extra = count - BUILT_IN;
    const h = await startHarness({ env: FULL_ENV, tools: syntheticTools(manyToolDefinitions(extra)) });
    try {
      h.llm.reset();
      const turns = LABELLED_REQUESTS.map(() => ({ text: "ok" }));
      h.llm.script(...turns);
      for (const { text } of LABELLED_REQUESTS)
        await h.cyrene.assistant.turn({ message: text, source: "bench", policy: allowAllTools }, () => {});
      const counted = h.llm.requests.map((request) => requestTokens(request.body));
      const offered = h.llm.requests.map((request) => request.body.tools?.length ?? 0);
      const all = h.cyrene.registry.definitions(allowAllTools);

      const { buildMs, perTurn } = timeSelection(all, (name) => h.cyrene.registry.isCore(name), timingRuns);
      const time = summarize(perTurn);
      const tokens = summarize(counted.map((c) => c.total));
      rows.push([
        all.length,
        `${Math.min(...offered)}–${Math.max(...offered)}`,
        Math.round(summarize(counted.map((c) => c.tools)).mean),
        Math.round(tokens.mean),
        Math.max(...counted.map((c) => c.total)),
        ms(buildMs),
        ms(time.mean),
        ms(time.p99),
      ]);
    } finally {
      await h.close();
    }
  }
  printTable(
    `Tools per turn: input tokens of a turn's first request (o200k_base, system prompt + note + message + tools), over the ${LABELLED_REQUESTS.length} labelled requests; budget ${TOOL_SELECTION.budgetTokens} estimated tokens of tools, ${TOOL_SELECTION.relevant} chosen`,
    [
      "tools",
      "offered",
      "tool tokens",
      "input tokens mean",
      "max",
      "index build ms",
      "select ms mean",
      "p99",
    ],
    rows,
  );

  const index = new ToolIndex(SYNTHETIC_TOOLS, () => false);
  // The hybrid row: BM25 fused with the vectors of the tests' embeddings stand-in, computed here as its
  // server would answer them (the endpoint's time is not what this table measures).
  const tools = SYNTHETIC_TOOLS.map((definition) => hashedEmbedding(embeddingText(definition)));
  const ranksOf = (vectors: boolean) =>
    LABELLED_REQUESTS.map(({ text, expected }) =>
      index
        .rank(text, undefined, vectors ? { query: hashedEmbedding(text), tools } : undefined)
        .findIndex((i) => expected.includes(SYNTHETIC_TOOLS[i]!.name)),
    );
  const recall = (ranks: number[], k: number, chinese?: boolean) => {
    const picked = ranks.filter((_, i) =>
      chinese === undefined ? true : /\p{Script=Han}/u.test(LABELLED_REQUESTS[i]!.text) === chinese,
    );
    return `${((100 * picked.filter((rank) => rank >= 0 && rank < k).length) / picked.length).toFixed(1)} %`;
  };
  const recallRows = (selector: string, ranks: number[]) =>
    [1, 3, 5, 8].map((k) => [selector, k, recall(ranks, k), recall(ranks, k, false), recall(ranks, k, true)]);
  printTable(
    `Tool selector recall@k: ${LABELLED_REQUESTS.length} labelled requests among ${SYNTHETIC_TOOLS.length} MCP tools; k = ${TOOL_SELECTION.relevant} is used. "hybrid" is BM25 fused with a hashed n-gram stand-in for embeddings (the tests' fixture), not a semantic model: it shows the fusion works, not what a real model adds`,
    ["selector", "k", "all", "English", "中文"],
    [
      ...recallRows("BM25", ranksOf(false)),
      ...recallRows("hybrid, hashed n-gram stand-in, not a semantic model", ranksOf(true)),
    ],
  );
}

/**
 * The selection's own time on a registry of the same tools: building the index (once per tool list), then
 * each turn's ranking and pick. Warm runs only, after a collection, so the harness's garbage is not timed.
 */
function timeSelection(definitions: ToolDefinition[], isCore: (name: string) => boolean, runs: number) {
  const registry = new ToolRegistry()
    .register(...syntheticTools(definitions))
    .markCore(definitions.map((d) => d.name).filter(isCore));
  (globalThis as { gc?: () => void }).gc?.();
  const selection = new ToolSelection(registry);
  const built = performance.now();
  selection.index(allowAllTools);
  const buildMs = performance.now() - built;
  const perTurn: number[] = [];
  const WARM_UP = 3;
  for (let run = 0; run < WARM_UP + runs; run++)
    for (const { text } of LABELLED_REQUESTS) {
      const messages: ChatMessage[] = [{ role: "user", content: text }];
      const started = performance.now();
      selection.forTurn(allowAllTools, messages).definitions();
      if (run >= WARM_UP) perTurn.push(performance.now() - started);
    }
  return { buildMs, perTurn };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchToolsPerTurn();
}
