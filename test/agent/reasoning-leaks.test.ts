import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { assistant, haChatBody, postChat, user } from "../assist/ollama/ha-client.js";

/**
 * Reasoning never reaches what Home Assistant speaks: not from the model (a `<think>` block, DeepSeek's
 * `reasoning_content`, Ollama's `reasoning`), and not from HA's own history (its messages' `thinking`).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

describe("reasoning and Home Assistant's Ollama route", () => {
  it("a <think> block and reasoning deltas are neither streamed nor spoken", async () => {
    h.llm.script({
      reasoning: "The user greets me.",
      reasoningField: "reasoning",
      textPieces: ["<th", "ink>用户在打招呼，", "我应该简短回答。</thi", "nk>\n你好！", "有什么可以帮你？"],
    });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("你好")], { think: true }));
    expect(reply.text).toBe("你好！有什么可以帮你？");
    expect(reply.raw).not.toMatch(/think|打招呼|greets|reasoning|thinking/);
  });

  it("HA's history with `thinking` on its messages is not passed on to the model", async () => {
    h.llm.script({ text: "好的。" });
    const earlier = { ...assistant("在的。"), thinking: "secret chain of thought" };
    await postChat(h.ollamaUrl, haChatBody([user("在吗"), earlier, user("好")], { think: true }));
    expect(JSON.stringify(h.llm.requests[0]!.body)).not.toMatch(/secret chain|thinking/);
  });
});
