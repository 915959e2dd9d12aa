import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NO_CLIENT_RESULT } from "../../src/agent/history-repair.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/**
 * However a turn ends — answered, paused for a client tool that never comes back, results sent with the
 * next message, stopped by the user, failed mid-round — the next request to the LLM obeys OpenAI's
 * ordering rules (the scripted LLM answers 400 on any violation, as OpenAI and DeepSeek do).
 */
let h: Harness;
let tools: ReturnType<typeof testTools>;
beforeAll(async () => {
  tools = testTools();
  h = await startHarness({ tools: tools.tools, env: { CYRENE_LLM_MAX_RETRIES: "0" } });
  h.llm.strictOrder = true;
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.orderViolations, "no request broke OpenAI's message order").toEqual([]);
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
  h.llm.strictOrder = true;
});

const weather = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather in a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

interface Sent {
  status: number;
  body: {
    choices?: { message: { content: string | null; tool_calls?: { id: string }[] } }[];
    error?: { message: string };
  };
  conversationId: string;
}

async function chat(
  messages: unknown[],
  options: { conversationId?: string; signal?: AbortSignal } = {},
): Promise<Sent> {
  const res = await fetch(`${h.url}/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.conversationId ? { "x-cyrene-conversation-id": options.conversationId } : {}),
    },
    body: JSON.stringify({ model: "cyrene", messages, tools: [weather] }),
    signal: options.signal,
  });
  return {
    status: res.status,
    body: (await res.json()) as Sent["body"],
    conversationId: res.headers.get("x-cyrene-conversation-id") ?? "",
  };
}

const toolMessagesOf = (request: number) =>
  h.llm.requests[request]!.body.messages.filter((m) => m.role === "tool");

describe("history that heals", () => {
  it("the scripted LLM refuses a tool call without its result, as OpenAI does", async () => {
    h.llm.strictOrder = true;
    const res = await fetch(`${h.llm.baseUrl}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "x",
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: {} }] },
          { role: "user", content: "again" },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /must be followed by tool messages responding to each 'tool_call_id'.*c1/,
    );
    h.llm.orderViolations.length = 0;
  });

  it("an abandoned client tool call gets a result saying so when the conversation goes on", async () => {
    h.llm.script(
      { toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" }, id: "call_ab1" }] },
      { text: "Let us talk about something else." },
      { text: "Still here." },
    );
    const first = await chat([{ role: "user", content: "Weather in Oslo?" }]);
    expect(first.body.choices![0]!.message.tool_calls![0]!.id).toBe("call_ab1");
    // The AI SDK's one-step flow: the client shows the call, never runs it, and sends the next message.
    const history = [
      { role: "user", content: "Weather in Oslo?" },
      first.body.choices![0]!.message,
      { role: "user", content: "Never mind. 说点别的吧。" },
    ];
    const second = await chat(history);
    expect(second.status).toBe(200);
    expect(second.conversationId).toBe(first.conversationId);
    expect(second.body.choices![0]!.message.content).toBe("Let us talk about something else.");
    expect(toolMessagesOf(1)).toEqual([
      { role: "tool", tool_call_id: "call_ab1", content: NO_CLIENT_RESULT },
    ]);
    // And every later turn keeps working.
    const third = await chat([{ role: "user", content: "Hello?" }], { conversationId: first.conversationId });
    expect(third.status).toBe(200);
    expect(h.cyrene.turns.recent(3).map((t) => t.status)).toEqual(["completed", "completed", "cancelled"]);
  });

  it("tool results sent with the next user message are used, in the calls' order", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "get_weather", arguments: { city: "Oslo" }, id: "call_o" },
          { name: "get_weather", arguments: { city: "Rome" }, id: "call_r" },
        ],
      },
      { text: "Oslo is cold, Rome is warm." },
    );
    const first = await chat([{ role: "user", content: "Oslo and Rome?" }]);
    const second = await chat(
      [
        { role: "user", content: "Oslo and Rome?" },
        first.body.choices![0]!.message,
        { role: "tool", tool_call_id: "call_r", content: "25°C" },
        { role: "tool", tool_call_id: "call_o", content: "-3°C" },
        { role: "user", content: "Which is warmer?" },
      ],
      { conversationId: first.conversationId },
    );
    expect(second.status).toBe(200);
    const sent = h.llm.requests[1]!.body.messages;
    const callAt = sent.findIndex((m) => m.role === "assistant" && m.tool_calls);
    expect(sent.slice(callAt + 1, callAt + 3)).toEqual([
      { role: "tool", tool_call_id: "call_o", content: "-3°C" },
      { role: "tool", tool_call_id: "call_r", content: "25°C" },
    ]);
    expect(sent.at(-1)).toEqual({ role: "user", content: "Which is warmer?" });
    expect(h.cyrene.turns.recent(2).map((t) => t.status)).toEqual(["completed", "completed"]);
  });

  it("a round of Cyrene's own tool and an abandoned client tool heals the same way", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "add", arguments: { a: 1, b: 2 }, id: "call_add" },
          { name: "get_weather", arguments: { city: "Lima" }, id: "call_lima" },
        ],
      },
      { text: "ok" },
    );
    const first = await chat([{ role: "user", content: "1+2 and Lima?" }]);
    const second = await chat([{ role: "user", content: "Forget Lima." }], {
      conversationId: first.conversationId,
    });
    expect(second.status).toBe(200);
    expect(toolMessagesOf(1).map((m) => [m.tool_call_id, m.content])).toEqual([
      ["call_add", '{"success":true,"data":{"sum":3}}'],
      ["call_lima", NO_CLIENT_RESULT],
    ]);
  });

  it("a turn that failed mid-round leaves a history the next turn can send", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 2, b: 2 }, id: "call_f" }] }, { status: 400 });
    const failed = await chat([{ role: "user", content: "2+2?" }]);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    h.llm.script({ text: "4" });
    const next = await chat([{ role: "user", content: "So?" }], { conversationId: failed.conversationId });
    expect(next.status).toBe(200);
    expect(next.body.choices![0]!.message.content).toBe("4");
  });

  it("a turn stopped by the user while a tool runs leaves a history the next turn can send", async () => {
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 1_500 }, id: "call_s" }] });
    const stop = new AbortController();
    const stopped = chat([{ role: "user", content: "Sleep a while." }], { signal: stop.signal });
    while (tools.stats.running === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    await expect(stopped).rejects.toThrow();
    while (h.cyrene.turns.recent(1)[0]?.status === "running")
      await new Promise((resolve) => setTimeout(resolve, 10));
    const [turn] = h.cyrene.turns.recent(1);
    expect(turn!.status).toBe("cancelled");
    h.llm.script({ text: "Awake." });
    const next = await chat([{ role: "user", content: "Are you awake?" }], {
      conversationId: turn!.conversationId,
    });
    expect(next.status).toBe(200);
    expect(toolMessagesOf(1).map((m) => m.tool_call_id)).toEqual(["call_s"]);
  });

  it("a paused turn resumed by its results and answered stays valid for the next turn", async () => {
    h.llm.script(
      { toolCalls: [{ name: "get_weather", arguments: { city: "Kyiv" }, id: "call_k" }] },
      { text: "Kyiv: 5°C." },
      { text: "You asked about Kyiv." },
    );
    const first = await chat([{ role: "user", content: "Kyiv?" }]);
    const history = [
      { role: "user", content: "Kyiv?" },
      first.body.choices![0]!.message,
      { role: "tool", tool_call_id: "call_k", content: "5°C" },
    ];
    const second = await chat(history);
    expect(second.body.choices![0]!.message.content).toBe("Kyiv: 5°C.");
    const third = await chat([
      ...history,
      second.body.choices![0]!.message,
      { role: "user", content: "What did I ask?" },
    ]);
    expect(third.status).toBe(200);
    expect(third.conversationId).toBe(first.conversationId);
  });
});
