import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Router } from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOllamaApp } from "../../../src/assist/ollama/app.js";
import { silentLogger } from "../../../src/logging/logger.js";
import { allowAllTools } from "../../../src/tools/policy.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { haChatBody, postChat, user, type OllamaMessage } from "./ha-client.js";
import { systemClock } from "../../../src/time/clock.js";

/**
 * HA's own tools (only when the user picks an LLM API for the agent): a call to one goes back to HA as
 * Ollama tool calls; HA runs them and sends the results back as `tool` messages without ids, which
 * resume the paused turn in call order.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true, tools: testTools().tools });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

// As HA's _format_tool sends it, after ollama's pydantic model dropped what it does not know.
const haTools = [
  {
    type: "function",
    function: {
      name: "HassTurnOn",
      description: "Turns on/opens/presses a device or entity.",
      parameters: {
        type: "object",
        required: [],
        properties: { name: { type: "string" }, domain: { type: "array", items: { type: "string" } } },
      },
    },
  },
  {
    type: "function",
    function: {
      name: "GetLiveContext",
      description: "Live states.",
      parameters: { type: "object", properties: {} },
    },
  },
];

describe("HA's tools over the Ollama API", () => {
  it("hands HA's tool calls back with object arguments and resumes the same turn with HA's results, by order", async () => {
    h.llm.script(
      {
        text: "One moment.",
        toolCalls: [
          { name: "GetLiveContext", arguments: {}, id: "call_ctx" },
          { name: "HassTurnOn", arguments: { name: "lamp", domain: ["light"] }, id: "call_on" },
        ],
      },
      { text: "The lamp is on." },
    );
    const question = user("Turn on the lamp");
    const first = await postChat(h.ollamaUrl, haChatBody([question], { tools: haTools }));
    expect(h.llm.requests[0]!.body.tools!.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(["add", "HassTurnOn", "GetLiveContext"]),
    );
    const calls = first.lines.flatMap((line) => line.message.tool_calls ?? []);
    expect(calls).toEqual([
      { function: { name: "GetLiveContext", arguments: {} } },
      { function: { name: "HassTurnOn", arguments: { name: "lamp", domain: ["light"] } } },
    ]);
    expect(first.lines.every((line) => line.message.role === "assistant")).toBe(true);
    expect(first.lines.at(-1)).toMatchObject({ done: true });
    expect(first.text).toBe("One moment.");
    expect(h.cyrene.turns.recent(1)[0]).toMatchObject({ status: "awaiting_client" });

    // HA's next request: its chat log with the calls (no ids) and one result per call, in order.
    const history: OllamaMessage[] = [
      question,
      {
        role: "assistant",
        content: first.text,
        tool_calls: calls as OllamaMessage["tool_calls"],
      },
      { role: "tool", content: '{"live": "lamp off"}' },
      { role: "tool", content: '{"success": true}' },
    ];
    const second = await postChat(h.ollamaUrl, haChatBody(history, { tools: haTools }));
    expect(second.text).toBe("The lamp is on.");
    expect(second.lines.flatMap((line) => line.message.tool_calls ?? [])).toEqual([]);
    const sent = h.llm.requests[1]!.body.messages;
    expect(sent.slice(-2)).toEqual([
      { role: "tool", tool_call_id: "call_ctx", content: '{"live": "lamp off"}' },
      { role: "tool", tool_call_id: "call_on", content: '{"success": true}' },
    ]);
    const [turn] = h.cyrene.turns.recent(1);
    expect(turn).toMatchObject({ status: "completed", rounds: 2 });

    // The exchange, tool round included, is what HA resends next: it continues the same conversation.
    h.llm.script({ text: "You're welcome." });
    await postChat(
      h.ollamaUrl,
      haChatBody([...history, { role: "assistant", content: second.text }, user("thanks")], {
        tools: haTools,
      }),
    );
    expect(h.cyrene.turns.recent(1)[0]!.conversationId).toBe(turn!.conversationId);
  });

  it("offers no tool of HA's when HA sends `tools: []`, so it never gets a tool call it cannot run", async () => {
    h.llm.script({ text: "Okay." });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("Turn on the lamp")]));
    const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(offered).not.toContain("HassTurnOn");
    expect(reply.lines.some((line) => line.message.tool_calls)).toBe(false);
  });

  it("answers tool results that no paused turn waits for with an empty answer (HA: unable to get response)", async () => {
    const history: OllamaMessage[] = [
      user("never asked"),
      { role: "assistant", tool_calls: [{ function: { name: "HassTurnOn", arguments: {} } }] },
      { role: "tool", content: "{}" },
    ];
    const streamed = await postChat(h.ollamaUrl, haChatBody(history, { tools: haTools }));
    expect(streamed.status).toBe(200);
    expect(streamed.text).toBe("");
    expect(streamed.lines).toEqual([expect.objectContaining({ done: true, done_reason: "error" })]);
    const whole = await postChat(h.ollamaUrl, haChatBody(history, { tools: haTools, stream: false }));
    expect(whole.status).toBe(400);
    expect(whole.lines[0]!.error).toMatch(/waits for these tool results/);
  });

  it("refuses tool results that follow no tool call", async () => {
    const reply = await postChat(h.ollamaUrl, haChatBody([user("hi"), { role: "tool", content: "{}" }]));
    expect(reply.status).toBe(400);
    expect(reply.lines[0]!.error).toMatch(/must follow the assistant message/);
  });
});

describe("an HA tool named like one of Cyrene's", () => {
  it("is left out of the turn, so Cyrene's own tool keeps its name", async () => {
    const app = createOllamaApp({
      assistant: h.cyrene.assistant,
      policy: allowAllTools,
      logger: silentLogger(),
      deadlineMs: 5_000,
      access: (_req, _res, next) => next(),
      openAi: Router(),
      health: Router(),
      toolNames: () => h.cyrene.registry.names(),
      time: systemClock,
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      h.llm.script({ text: "Done." });
      const scriptTool = {
        type: "function",
        function: { name: "add", description: "An HA script named add." },
      };
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await postChat(url, haChatBody([user("add 1 and 2")], { tools: [scriptTool, ...haTools] }));
      const offered = h.llm.requests[0]!.body.tools!;
      expect(offered.filter((t) => t.function.name === "add")).toHaveLength(1);
      expect(offered.find((t) => t.function.name === "add")!.function.description).toBe("Adds two numbers.");
      expect(offered.map((t) => t.function.name)).toContain("HassTurnOn");
    } finally {
      server.close();
    }
  });
});
