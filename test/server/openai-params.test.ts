import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../src/llm/client.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

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

const user = (content: string) => [{ role: "user" as const, content }];
const schema = {
  type: "object",
  properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } },
  required: ["name", "age"],
  additionalProperties: false,
};

describe("client parameters", () => {
  it("are passed on to the LLM", async () => {
    h.llm.script({ text: "ok" });
    await client.chat.completions.create({
      model: "cyrene",
      messages: user("hi"),
      temperature: 0.2,
      top_p: 0.9,
      max_completion_tokens: 99,
      stop: ["\n\n"],
      seed: 7,
    });
    expect(h.llm.requests[0]!.body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 99,
      stop: ["\n\n"],
      seed: 7,
    });
  });

  it("n above 1 is refused", async () => {
    await expect(
      client.chat.completions.create({ model: "cyrene", n: 2, messages: user("hi") }),
    ).rejects.toMatchObject({
      status: 400,
      param: "n",
    });
  });

  it("an unknown model is a 404 model_not_found that lists the models", async () => {
    await expect(
      client.chat.completions.create({ model: "gpt-4o", messages: user("hi") }),
    ).rejects.toMatchObject({
      status: 404,
      code: "model_not_found",
      message: expect.stringMatching(/Models: cyrene, cyrene-direct/),
    });
  });

  it("a user message is capped like /api/chat, and an empty one is refused", async () => {
    await expect(
      client.chat.completions.create({ model: "cyrene", messages: user("x".repeat(32_001)) }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/too long \(32001 characters, at most 32000\)/),
    });
    await expect(
      client.chat.completions.create({ model: "cyrene", messages: user("   ") }),
    ).rejects.toMatchObject({ status: 400 });
    expect(h.llm.requests).toHaveLength(0);
  });
});

describe("response_format", () => {
  it("json_schema: a valid answer comes back as the JSON, the schema told to the LLM", async () => {
    h.llm.script({ text: '```json\n{"name": "Ada", "age": 36}\n```' });
    const answer = await client.chat.completions.create({
      model: "cyrene",
      messages: user("Ada, 36"),
      response_format: { type: "json_schema", json_schema: { name: "person", schema } },
    });
    expect(JSON.parse(answer.choices[0]!.message.content!)).toEqual({ name: "Ada", age: 36 });
    expect(JSON.stringify(h.llm.requests[0]!.body.messages.at(-2))).toMatch(/JSON Schema \(person\)/);
  });

  it("json_schema: a wrong answer is shown to the LLM once, with what is wrong", async () => {
    h.llm.script({ text: '{"name": "Ada", "age": -1}' }, { text: '{"name": "Ada", "age": 36}' });
    const stream = await client.chat.completions.create({
      model: "cyrene",
      stream: true,
      messages: user("Ada"),
      response_format: { type: "json_schema", json_schema: { name: "person", schema } },
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    // The client sees only the checked answer, never the wrong one.
    expect(JSON.parse(text)).toEqual({ name: "Ada", age: 36 });
    const retry = h.llm.requests[1]!.body;
    expect(retry.tools).toBeUndefined();
    expect(JSON.stringify(retry.messages.at(-1))).toMatch(
      /does not match the schema \(\/age: must be >= 0\)/,
    );
  });

  it("json_schema: wrong twice is a clear error", async () => {
    h.llm.script({ text: "Ada is 36." }, { text: "Sorry, Ada is 36." });
    await expect(
      client.chat.completions.create({
        model: "cyrene",
        messages: user("Ada"),
        response_format: { type: "json_schema", json_schema: { name: "person", schema } },
      }),
    ).rejects.toMatchObject({
      status: 502,
      code: "invalid_json_output",
      message: expect.stringMatching(/not valid JSON/),
    });
  });

  it("json_object: any JSON object", async () => {
    h.llm.script({ text: '{"ok": true}' });
    const answer = await client.chat.completions.create({
      model: "cyrene",
      messages: user("json please"),
      response_format: { type: "json_object" },
    });
    expect(answer.choices[0]!.message.content).toBe('{"ok": true}');
  });
});

describe("the cyrene-direct model", () => {
  it("passes the request to the LLM without Cyrene's tools and stores nothing", async () => {
    const before = h.cyrene.conversations.list({ limit: 200 }).length;
    h.llm.script({ text: "A short title" });
    const answer = await client.chat.completions.create({
      model: "cyrene-direct",
      temperature: 0,
      messages: [
        { role: "system", content: "Write a 3-word title." },
        { role: "user", content: "We talked about lights." },
      ],
    });
    expect(answer.choices[0]!.message.content).toBe("A short title");
    const sent = h.llm.requests[0]!.body;
    expect(sent.tools).toBeUndefined();
    expect(sent.messages).toEqual([
      { role: "system", content: "Write a 3-word title." },
      { role: "user", content: "We talked about lights." },
    ]);
    expect(sent).toMatchObject({ temperature: 0 });
    expect(h.cyrene.conversations.list({ limit: 200 })).toHaveLength(before);
  });

  it("streams, and passes the client's own tools through", async () => {
    h.llm.script({ text: "x", toolCalls: [{ name: "tag", arguments: { tags: ["home"] }, id: "call_t" }] });
    const stream = await client.chat.completions.create({
      model: "cyrene-direct",
      stream: true,
      tools: [
        { type: "function", function: { name: "tag", parameters: { type: "object", properties: {} } } },
      ],
      messages: user("tag this"),
    });
    const calls: unknown[] = [];
    for await (const chunk of stream) calls.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
    expect(calls).toEqual([
      { index: 0, id: "call_t", type: "function", function: { name: "tag", arguments: '{"tags":["home"]}' } },
    ]);
    expect(h.llm.requests[0]!.body.tools!.map((t) => t.function.name)).toEqual(["tag"]);
  });
});

/** Client parameters honoured (issue 18, point 7). */
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
