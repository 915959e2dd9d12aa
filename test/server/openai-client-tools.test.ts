import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/**
 * Tools a client sends (LangChain bind_tools, Continue's agent mode, MCP bridges) are offered beside
 * Cyrene's; a call to one goes back to the client, whose tool message resumes the same turn.
 */
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

const weather: ChatCompletionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather in a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

describe("client tools", () => {
  it("are offered to the LLM after Cyrene's, and a call to one pauses the turn until the client answers", async () => {
    h.llm.script(
      { toolCalls: [{ name: "get_weather", arguments: { city: "Berlin" }, id: "call_w1" }] },
      { text: "Berlin has 3°C." },
    );
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Berlin?" }];
    const first = await client.chat.completions.create({ model: "cyrene", messages, tools: [weather] });
    const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(offered.at(-1)).toBe("get_weather");
    expect(offered).toContain("add");
    expect(first.choices[0]!.finish_reason).toBe("tool_calls");
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(call).toMatchObject({
      id: "call_w1",
      type: "function",
      function: { name: "get_weather", arguments: '{"city":"Berlin"}' },
    });

    const second = await client.chat.completions.create({
      model: "cyrene",
      tools: [weather],
      messages: [
        ...messages,
        first.choices[0]!.message,
        { role: "tool", tool_call_id: call.id, content: '{"temp_c": 3}' },
      ],
    });
    expect(second.choices[0]!.message.content).toBe("Berlin has 3°C.");
    expect(second.choices[0]!.finish_reason).toBe("stop");
    // The same turn went on: the result landed right after the call, under its id.
    const resumed = h.llm.requests[1]!.body.messages;
    expect(resumed.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_w1", content: '{"temp_c": 3}' });
    expect(first.id).toBe(second.id);
    const turns = h.cyrene.turns.recent(1);
    expect(turns[0]).toMatchObject({ status: "completed", rounds: 2 });
  });

  it("stream their calls as tool_calls deltas with finish_reason tool_calls", async () => {
    h.llm.script({ toolCalls: [{ name: "get_weather", arguments: { city: "Paris" }, id: "call_p" }] });
    const stream = await client.chat.completions.create({
      model: "cyrene",
      stream: true,
      tools: [weather],
      messages: [{ role: "user", content: "Paris?" }],
    });
    const deltas: unknown[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.tool_calls) deltas.push(...chunk.choices[0].delta.tool_calls);
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe("tool_calls");
    expect(deltas).toEqual([
      {
        index: 0,
        id: "call_p",
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Paris"}' },
      },
    ]);
    // Leave the paused turn answered, so the next test starts clean.
    h.llm.script({ text: "ok" });
    await client.chat.completions.create({
      model: "cyrene",
      tools: [weather],
      messages: [
        { role: "user", content: "Paris?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_p", type: "function", function: { name: "get_weather", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "call_p", content: "sunny" },
      ],
    });
  });

  it("run beside Cyrene's own in one round: Cyrene's run now, the client's go back", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "add", arguments: { a: 1, b: 2 }, id: "call_add" },
          { name: "get_weather", arguments: { city: "Oslo" }, id: "call_oslo" },
        ],
      },
      { text: "3, and Oslo is cold." },
    );
    const first = await client.chat.completions.create({
      model: "cyrene",
      tools: [weather],
      messages: [{ role: "user", content: "1+2 and Oslo" }],
    });
    expect(first.choices[0]!.message.tool_calls!.map((c) => c.id)).toEqual(["call_oslo"]);
    const second = await client.chat.completions.create({
      model: "cyrene",
      tools: [weather],
      messages: [
        { role: "user", content: "1+2 and Oslo" },
        first.choices[0]!.message,
        { role: "tool", tool_call_id: "call_oslo", content: "-5°C" },
      ],
    });
    expect(second.choices[0]!.message.content).toBe("3, and Oslo is cold.");
    const results = h.llm.requests[1]!.body.messages.filter((m) => m.role === "tool");
    expect(results.map((m) => m.tool_call_id)).toEqual(["call_add", "call_oslo"]);
  });

  it("may not take the name of one of Cyrene's tools", async () => {
    const clash = { ...weather, function: { ...weather.function, name: "add" } };
    await expect(
      client.chat.completions.create({
        model: "cyrene",
        tools: [clash],
        messages: [{ role: "user", content: "x" }],
      }),
    ).rejects.toMatchObject({
      status: 400,
      param: "tools",
      message: expect.stringMatching(/"add" is taken by one of Cyrene's own tools/),
    });
  });

  it("a tool result that answers no paused turn is a clear 400", async () => {
    await expect(
      client.chat.completions.create({
        model: "cyrene",
        messages: [
          { role: "user", content: "x" },
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "call_nobody", type: "function", function: { name: "get_weather", arguments: "{}" } },
            ],
          },
          { role: "tool", tool_call_id: "call_nobody", content: "?" },
        ],
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/No turn is waiting for the result of tool call call_nobody/),
    });
  });
});

describe("tool_choice", () => {
  it("forces a named client function on the first request, as LangChain's structured output does", async () => {
    h.llm.script({ toolCalls: [{ name: "get_weather", arguments: { city: "Rome" }, id: "call_r" }] });
    const forced = { type: "function" as const, function: { name: "get_weather" } };
    const answer = await client.chat.completions.create({
      model: "cyrene",
      tools: [weather],
      tool_choice: forced,
      messages: [{ role: "user", content: "Rome" }],
    });
    expect(h.llm.requests[0]!.body.tool_choice).toEqual(forced);
    expect(answer.choices[0]!.message.tool_calls![0]).toMatchObject({ function: { name: "get_weather" } });
    h.llm.script({ text: "done" });
    await client.chat.completions.create({
      model: "cyrene",
      tools: [weather],
      messages: [
        { role: "user", content: "Rome" },
        answer.choices[0]!.message,
        { role: "tool", tool_call_id: "call_r", content: "warm" },
      ],
    });
    // After the forced first request the loop goes on with "auto": a forced call would repeat forever.
    expect(h.llm.requests[1]!.body.tool_choice).toBe("auto");
  });

  it("required is passed on for the first request", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 2, b: 2 } }] }, { text: "4" });
    await client.chat.completions.create({
      model: "cyrene",
      tool_choice: "required",
      messages: [{ role: "user", content: "2+2" }],
    });
    expect(h.llm.requests[0]!.body.tool_choice).toBe("required");
    expect(h.llm.requests[1]!.body.tool_choice).toBe("auto");
  });

  it("none offers no tools at all", async () => {
    h.llm.script({ text: "plain" });
    await client.chat.completions.create({
      model: "cyrene",
      tool_choice: "none",
      tools: [weather],
      messages: [{ role: "user", content: "hi" }],
    });
    expect(h.llm.requests[0]!.body.tools).toBeUndefined();
  });

  it("naming a tool the request does not have is a 400", async () => {
    await expect(
      client.chat.completions.create({
        model: "cyrene",
        tool_choice: { type: "function", function: { name: "nope" } },
        messages: [{ role: "user", content: "x" }],
      }),
    ).rejects.toMatchObject({ status: 400, param: "tool_choice" });
  });
});
