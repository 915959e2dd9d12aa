import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import { SYNTHETIC_TOOLS, syntheticTools } from "../fixtures/many-tools/tools.js";
import { ScriptedLlm, type RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { FULL_ENV } from "../support/tool-tokens.js";

/**
 * The tool selection's embeddings through the composition and the real loop: configured with
 * CYRENE_EMBEDDINGS_*, against the hashed n-gram stand-in (its own server, so its calls are counted apart).
 */
let stand: ScriptedLlm;
let h20: Harness;
let h121: Harness;
beforeAll(async () => {
  stand = await ScriptedLlm.start();
  const env = {
    ...FULL_ENV,
    CYRENE_EMBEDDINGS_BASE_URL: stand.baseUrl,
    CYRENE_EMBEDDINGS_MODEL: "hashed-ngrams",
  };
  [h20, h121] = await Promise.all([
    startHarness({ env }),
    startHarness({ env, tools: syntheticTools(SYNTHETIC_TOOLS) }),
  ]);
});
afterAll(() => Promise.all([h20.close(), h121.close(), stand.close()]));

const turn = (h: Harness, message: string) =>
  h.cyrene.assistant.turn({ message, source: "test", policy: allowAllTools }, () => {});
const offered = (request: RecordedRequest) => request.body.tools!.map((tool) => tool.function.name);

describe("tools chosen per turn, with embeddings configured", () => {
  it("with the 20 built-in tools, makes no embeddings call and sends the registry's list", async () => {
    stand.reset();
    h20.llm.reset();
    h20.llm.script({ text: "ok" }, { text: "ok" });
    await turn(h20, "How much free space is left on the NAS?");
    await turn(h20, "Translating into French: good morning");
    expect(stand.embeddingRequests).toHaveLength(0);
    const names = h20.cyrene.registry.definitions(allowAllTools).map((d) => d.name);
    for (const request of h20.llm.requests) expect(offered(request)).toEqual(names);
  });

  it("with 121 tools, a turn goes on while the endpoint is down, then the tools' vectors and each request's are asked for", async () => {
    stand.reset();
    stand.failEmbeddings = 2; // the first batch and its one retry
    h121.llm.reset();
    h121.llm.setFallback({ text: "ok" });
    const answer = await turn(h121, "How much free space is left on the NAS?");
    expect(answer.text).toBe("ok");
    expect(offered(h121.llm.requests[0]!)).toContain("nas__storage_usage");
    // The first batch and the SDK's one retry, which comes after a back-off: waited for, or it could land
    // in the next test, after the stand is reset, and succeed there.
    await vi.waitFor(() => expect(stand.embeddingRequests).toHaveLength(2), { timeout: 10_000 });
    // A failed batch is asked for again a minute later; until then, BM25 alone and no query call.
    const calls = stand.embeddingRequests.length;
    await turn(h121, "Translating into French: good morning");
    expect(stand.embeddingRequests.length).toBe(calls);
  });
});

describe("tools chosen per turn, with embeddings up", () => {
  it("embeds the 121 tools in batches, then each turn's request once, and offers what BM25 misses", async () => {
    stand.reset();
    const h = await startHarness({
      env: {
        ...FULL_ENV,
        CYRENE_EMBEDDINGS_BASE_URL: stand.baseUrl,
        CYRENE_EMBEDDINGS_MODEL: "hashed-ngrams",
      },
      tools: syntheticTools(SYNTHETIC_TOOLS),
    });
    try {
      h.llm.setFallback({ text: "ok" });
      await turn(h, "hello");
      const toolTexts = () => stand.embeddingRequests.flatMap((r) => r.input).filter((t) => t !== "hello");
      await vi.waitFor(() => expect(toolTexts()).toHaveLength(121));
      // The vectors are stored once their answer is read; the turn after that asks for its request's vector.
      const request = "Translating into French: good morning";
      await vi.waitFor(async () => {
        await turn(h, request);
        expect(stand.embeddingRequests.at(-1)!.input).toEqual([request]);
      });
      expect(offered(h.llm.requests.at(-1)!)).toContain("web__translate");
      expect(toolTexts().filter((t) => t !== request)).toHaveLength(121);
    } finally {
      await h.close();
    }
  });
});
