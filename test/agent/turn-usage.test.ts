import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools });
});
afterAll(() => h.close());

const turn = (message: string) =>
  h.cyrene.assistant.turn({ message, source: "test", policy: allowAllTools }, () => {});

describe("a turn's stored usage", () => {
  it("adds up every round, with DeepSeek's prompt-cache hits", async () => {
    h.llm.script(
      {
        toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }],
        usage: { prompt_cache_hit_tokens: 640, prompt_cache_miss_tokens: 12 },
      },
      { text: "2", usage: { prompt_cache_hit_tokens: 700, prompt_cache_miss_tokens: 30 } },
    );
    const outcome = await turn("1+1");
    expect(outcome.usage.cachedTokens).toBe(1340);
    const stored = h.cyrene.turns.get(outcome.turnId)!;
    expect(stored).toMatchObject({ status: "completed", rounds: 2, toolCalls: 1, error: null });
    expect(stored.usage).toEqual(outcome.usage);
    expect(stored.usage!.promptTokens).toBeGreaterThan(0);
  });

  it("reads OpenAI's cached_tokens", async () => {
    h.llm.script({ text: "hi", usage: { prompt_tokens_details: { cached_tokens: 1024 } } });
    const outcome = await turn("hi");
    expect(h.cyrene.turns.get(outcome.turnId)!.usage!.cachedTokens).toBe(1024);
  });

  it("leaves the cache figure out when the provider reports none", async () => {
    h.llm.script({ text: "hi" });
    const outcome = await turn("hi");
    expect(outcome.usage.cachedTokens).toBeUndefined();
    expect(h.cyrene.turns.get(outcome.turnId)!.usage).not.toHaveProperty("cachedTokens");
  });

  it("records a failed turn as failed", async () => {
    h.llm.script({ status: 400 });
    const outcome = await turn("hi");
    expect(h.cyrene.turns.get(outcome.turnId)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/rejected the request \(400\)/),
    });
  });
});
