import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Embedder } from "../../../src/knowledge/embeddings.js";
import type { ChatMessage } from "../../../src/llm/messages.js";
import { silentLogger } from "../../../src/logging/logger.js";
import { allowAllTools } from "../../../src/tools/policy.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { TOOL_SELECTION, ToolSelection } from "../../../src/tools/selection/tool-selection.js";
import { ToolVectors } from "../../../src/tools/selection/tool-vectors.js";
import { manyToolDefinitions, syntheticTools } from "../../fixtures/many-tools/tools.js";
import { ScriptedLlm } from "../../fixtures/scripted-llm/server.js";

/**
 * BM25 fused with embeddings, against the hashed n-gram stand-in for an embedding model (scripted-llm):
 * the tools' vectors are made in the background once per list, the request's once per cut turn, and an
 * endpoint that fails or stalls leaves the turn with BM25 alone.
 */
const user = (content: string): ChatMessage => ({ role: "user", content });
const names = (definitions: { name: string }[]) => definitions.map((d) => d.name);
/** No term in common with any tool (BM25 finds nothing), but "translat…" is close to web__translate. */
const MISSED_BY_BM25 = "Translating into French: good morning";

let stand: ScriptedLlm;
beforeAll(async () => void (stand = await ScriptedLlm.start()));
afterAll(() => stand.close());
beforeEach(() => stand.reset());

/** 120 tools, the first 19 the core (as the built-in ones are). */
function registry(count = 120) {
  const definitions = manyToolDefinitions(count);
  return new ToolRegistry()
    .register(...syntheticTools(definitions))
    .markCore(names(definitions.slice(0, 19)));
}

function hybrid(tools: ToolRegistry) {
  const logger = silentLogger();
  const embedder = new Embedder({ baseUrl: stand.baseUrl, apiKey: "key", model: "hashed-ngrams" });
  const vectors = new ToolVectors(embedder, logger);
  return { vectors, logger, selection: new ToolSelection(tools, TOOL_SELECTION, vectors) };
}

const bm25Alone = (tools: ToolRegistry, text: string) =>
  names(new ToolSelection(tools).forTurn(allowAllTools, [user(text)]).definitions());

describe("tool selection with embeddings", () => {
  it("embeds the tools once per list change and each cut turn's request once, and finds what BM25 misses", async () => {
    const tools = registry();
    const { vectors, selection } = hybrid(tools);
    expect(bm25Alone(tools, MISSED_BY_BM25)).not.toContain("web__translate");

    // The first turn does not wait: BM25 alone, while the tools' vectors are made in batches.
    const first = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(names(first.definitions())).toEqual(bm25Alone(tools, MISSED_BY_BM25));
    await vectors.settled();
    const embedded = stand.embeddingRequests.flatMap((request) => request.input);
    expect(embedded).toHaveLength(120);
    expect(new Set(embedded).size).toBe(120);
    expect(stand.embeddingRequests.length).toBe(Math.ceil(120 / 16));

    stand.reset();
    const second = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(names(second.definitions())).toContain("web__translate");
    const nas = await selection.forTurnAsync(allowAllTools, [
      user("How much free space is left on the NAS?"),
    ]);
    expect(names(nas.definitions())).toContain("nas__storage_usage");
    expect(stand.embeddingRequests.map((r) => r.input)).toEqual([
      [MISSED_BY_BM25],
      ["How much free space is left on the NAS?"],
    ]);

    // A tool added: only it is embedded, in the background; the turn meanwhile makes no query call.
    stand.reset();
    tools.register(...syntheticTools([{ ...manyToolDefinitions(1)[0]!, name: "extra__turn_on" }]));
    await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    await vectors.settled();
    expect(stand.embeddingRequests.map((r) => r.input.length)).toEqual([1]);
    expect(stand.embeddingRequests[0]!.input[0]).toContain("extra turn on");
    const after = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(names(after.definitions())).toContain("web__translate");
    expect(stand.embeddingRequests).toHaveLength(2);
  });

  it("ranks the model's find_tools queries with the embeddings too, one query call each", async () => {
    const tools = registry();
    const { vectors, selection } = hybrid(tools);
    const find = { id: "f1", name: "find_tools", arguments: JSON.stringify({ query: MISSED_BY_BM25 }) };
    const bm25Offer = new ToolSelection(tools).forTurn(allowAllTools, [user("hello")]);
    const bm25Found = (await bm25Offer.answer(find)) as { data: { tools: { name: string }[] } };
    expect(names(bm25Found.data.tools)).not.toContain("web__translate");

    await selection.forTurnAsync(allowAllTools, [user("hello")]);
    await vectors.settled();
    const offer = await selection.forTurnAsync(allowAllTools, [user("hello")]);
    stand.reset();
    const found = (await offer.answer(find)) as { success: boolean; data: { tools: { name: string }[] } };
    expect(found.success).toBe(true);
    expect(names(found.data.tools)).toContain("web__translate");
    expect(names(offer.definitions())).toContain("web__translate");
    expect(stand.embeddingRequests.map((r) => r.input)).toEqual([[MISSED_BY_BM25]]);

    // The endpoint down: the answer comes from BM25 alone, not an error.
    stand.failEmbeddings = 1;
    const fallback = await offer.answer({ ...find, arguments: '{"query":"NAS disk health"}' });
    expect(fallback).toMatchObject({ success: true });
    expect(names((fallback as typeof found).data.tools)).toContain("nas__disk_health");
  });

  it("goes on with BM25 alone when the endpoint fails or stalls on the request, and logs it at debug", async () => {
    const tools = registry();
    const { vectors, selection, logger } = hybrid(tools);
    const debug = vi.spyOn(logger, "debug");
    await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    await vectors.settled();

    stand.failEmbeddings = 1;
    const failed = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(names(failed.definitions())).toEqual(bm25Alone(tools, MISSED_BY_BM25));
    stand.stallEmbeddings = 1;
    const stalled = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(names(stalled.definitions())).toEqual(bm25Alone(tools, MISSED_BY_BM25));
    expect(debug).toHaveBeenCalledTimes(2);

    // Back up: the next turn uses the embeddings again.
    const next = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(names(next.definitions())).toContain("web__translate");
  });

  it("makes no turn wait and no query call while the tools' vectors cannot be made", async () => {
    const tools = registry();
    const { vectors, selection } = hybrid(tools);
    stand.failEmbeddings = 100;
    const offer = await selection.forTurnAsync(allowAllTools, [
      user("How much free space is left on the NAS?"),
    ]);
    expect(names(offer.definitions())).toContain("nas__storage_usage");
    await vectors.settled();
    const calls = stand.embeddingRequests.length;
    expect(calls).toBeGreaterThan(0);
    await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    await vectors.settled();
    // A failed batch is asked for again later (a minute), not on every turn.
    expect(stand.embeddingRequests.length).toBe(calls);
  });

  it("with a list that fits the budget, makes no embeddings call at all", async () => {
    const tools = registry(19);
    const { selection } = hybrid(tools);
    const offer = await selection.forTurnAsync(allowAllTools, [user(MISSED_BY_BM25)]);
    expect(offer.definitions()).toBe(tools.definitions(allowAllTools));
    expect(stand.embeddingRequests).toHaveLength(0);
  });
});
