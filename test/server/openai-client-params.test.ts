import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../src/llm/client.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/** Client parameters honoured (issue 18, point 7). */
let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools });
  client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "unused", maxRetries: 0 });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

describe("client parameters", () => {
  it("passes parallel_tool_calls on with the tools, and never without them", async () => {
    h.llm.script({ text: "ok" });
    await client.chat.completions.create({
      model: "cyrene",
      parallel_tool_calls: false,
      messages: [{ role: "user", content: "One tool at a time." }],
    });
    const sent = h.llm.requests[0]!.body as Record<string, unknown>;
    expect(sent.parallel_tool_calls).toBe(false);
    expect(sent.tools).toBeDefined();
  });

  it("gives usage in the last chunk with stream_options.include_usage", async () => {
    h.llm.script({ text: "Counted." });
    const stream = await client.chat.completions.create({
      model: "cyrene",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "Count my tokens." }],
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage!.total_tokens).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((c) => !c.usage)).toBe(true);
  });

  it("ignores parameters it does not know, as OpenAI does", async () => {
    h.llm.script({ text: "Fine." });
    const res = await fetch(`${h.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "cyrene",
        messages: [{ role: "user", content: "hi" }],
        some_future_field: { x: 1 },
        presence_penalty: 0.5,
      }),
    });
    expect(res.status).toBe(200);
  });

  it("sends a json_schema response_format only to providers that enforce it", () => {
    const at = (baseUrl: string) =>
      new LlmClient({ baseUrl, apiKey: "k", model: "m", requestTimeoutMs: 1000, maxRetries: 0 } as never);
    expect(at("https://api.openai.com/v1").enforcesJsonSchema).toBe(true);
    expect(at("https://my.openai.azure.com/openai").enforcesJsonSchema).toBe(true);
    expect(at("https://api.deepseek.com").enforcesJsonSchema).toBe(false);
    expect(at(h.llm.baseUrl).enforcesJsonSchema).toBe(false);
  });
});
