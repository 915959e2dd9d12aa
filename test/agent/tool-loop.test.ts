import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.js";
import { allowAllTools, whitelistPolicy } from "../../src/tools/policy.js";
import { getJson } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

const { tools, stats } = testTools();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ tools, env: { CYRENE_TOOL_TIMEOUT_SECONDS: "0.3" } });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

async function turn(
  message: string,
  options: { conversationId?: string; policy?: typeof allowAllTools; language?: string } = {},
) {
  const events: AgentEvent[] = [];
  const outcome = await h.cyrene.assistant.turn(
    {
      message,
      conversationId: options.conversationId,
      source: "test",
      policy: options.policy ?? allowAllTools,
      language: options.language,
    },
    (event) => events.push(event),
  );
  return { outcome, events, toolResults: events.filter((e) => e.type === "tool_finished") };
}

function toolMessages(requestIndex: number) {
  return h.llm.requests[requestIndex]!.body.messages.filter((m) => m.role === "tool");
}

describe("the tool loop", () => {
  it("answers directly when the LLM calls no tool, offering every tool with tool_choice auto", async () => {
    h.llm.script({ text: "Hello! 你好！" });
    const { outcome, events } = await turn("hi");
    expect(outcome.text).toBe("Hello! 你好！");
    expect(
      events
        .filter((e) => e.type === "text")
        .map((e) => (e as { text: string }).text)
        .join(""),
    ).toBe("Hello! 你好！");
    const request = h.llm.requests[0]!.body;
    expect(request.stream).toBe(true);
    expect(request.tool_choice).toBe("auto");
    expect(request.tools?.map((t) => t.function.name)).toEqual(expect.arrayContaining(["sleep", "add"]));
    expect(request.messages[0]!.role).toBe("system");
    expect(request.messages.at(-1)).toEqual({ role: "user", content: "hi" });
  });

  it("says it got no answer when the LLM says nothing, in the turn's language where it is known", async () => {
    h.llm.script({ text: "" }, { text: "" }, { text: "" }, { text: "" });
    expect((await turn("hi")).outcome.text).toBe("(no answer)");
    expect((await turn("你好", { language: "zh" })).outcome.text).toBe("（没有回答）");
    expect((await turn("hi", { language: "fr-CA" })).outcome.text).toBe("(pas de réponse)");
    // A language without a pack: the one fallback, English (words/speech-for.ts).
    expect((await turn("hoi", { language: "nl" })).outcome.text).toBe("(no answer)");
  });

  it("runs a tool, returns its result under the call id, and asks again", async () => {
    h.llm.script(
      { toolCalls: [{ id: "call_add", name: "add", arguments: { a: 2, b: 40 } }] },
      { text: "42" },
    );
    const { outcome, toolResults } = await turn("what is 2+40?");
    expect(outcome.text).toBe("42");
    expect(outcome.rounds).toBe(2);
    expect(toolResults).toHaveLength(1);
    const second = h.llm.requests[1]!.body.messages;
    const assistant = second.at(-2) as {
      role: string;
      tool_calls: { id: string; function: { name: string } }[];
    };
    expect(assistant.role).toBe("assistant");
    expect(assistant.tool_calls[0]!.id).toBe("call_add");
    expect(second.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_add",
      content: JSON.stringify({ success: true, data: { sum: 42 } }),
    });
  });

  it("stops offering tools after 5 rounds and still gets an answer", async () => {
    const call = { toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }] };
    h.llm.script(call, call, call, call, call, (request) =>
      request.body.tools ? call : { text: "I added it five times." },
    );
    const { outcome, toolResults } = await turn("keep adding");
    expect(toolResults).toHaveLength(5);
    expect(outcome.rounds).toBe(6);
    expect(outcome.text).toBe("I added it five times.");
    expect(h.llm.requests).toHaveLength(6);
    expect(h.llm.requests.slice(0, 5).every((r) => r.body.tools?.length)).toBe(true);
    expect(h.llm.requests[5]!.body.tools).toBeUndefined();
    expect(h.llm.requests[5]!.body.tool_choice).toBeUndefined();
  });

  it("runs the calls of one round concurrently", async () => {
    stats.maxRunning = 0;
    h.llm.script(
      {
        toolCalls: [
          { name: "sleep", arguments: { ms: 150, label: "a" } },
          { name: "sleep", arguments: { ms: 150, label: "b" } },
          { name: "sleep", arguments: { ms: 150, label: "c" } },
        ],
      },
      { text: "all three done" },
    );
    const { outcome } = await turn("three naps");
    expect(outcome.text).toBe("all three done");
    expect(stats.maxRunning).toBe(3);
    const results = toolMessages(1).map((m) => JSON.parse(m.content as string).data.label);
    expect(results).toEqual(["a", "b", "c"]);
  });

  it("feeds every kind of failure back to the LLM as an error result and goes on", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "no_such_tool", arguments: {} },
          { name: "add", arguments: '{"a": 1, "b": ' },
          { name: "add", arguments: { a: "one", b: 2 } },
          { name: "explode", arguments: {} },
          { name: "refuse", arguments: {} },
        ],
      },
      { text: "Some tools failed." },
    );
    const { outcome } = await turn("break things");
    expect(outcome.text).toBe("Some tools failed.");
    const errors = toolMessages(1).map(
      (m) => JSON.parse(m.content as string) as { success: boolean; error: string },
    );
    expect(errors.every((e) => e.success === false)).toBe(true);
    expect(errors[0]!.error).toMatch(/"no_such_tool" does not exist.*Available tools: .*add/);
    expect(errors[1]!.error).toMatch(/cut off before their end.*Like this: {"a": …, "b": …}/);
    expect(errors[2]!.error).toMatch(/Invalid arguments for add: a: .*number/);
    expect(errors[3]!.error).toMatch(/explode failed: boom/);
    expect(errors[4]!.error).toBe("The device is offline.");
  });

  it("repairs common argument damage", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "add", arguments: JSON.stringify(JSON.stringify({ a: 1, b: 2 })) },
          { name: "add", arguments: '{"a": 3, "b": 4} and that is all' },
          { name: "add", arguments: '```json\n{"a": 5, "b": 6}\n```' },
        ],
      },
      { text: "ok" },
    );
    await turn("add with damaged arguments");
    const sums = toolMessages(1).map((m) => JSON.parse(m.content as string).data.sum);
    expect(sums).toEqual([3, 7, 11]);
  });

  it("enforces a whitelist policy: outside tools are neither offered nor run", async () => {
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 1 } }] }, { text: "not allowed" });
    const finished = stats.finished;
    await turn("sleep please", { policy: whitelistPolicy("autonomous", ["add"]) });
    expect(h.llm.requests[0]!.body.tools?.map((t) => t.function.name)).toEqual(["add"]);
    const result = JSON.parse(toolMessages(1)[0]!.content as string);
    expect(result).toEqual({
      success: false,
      error: 'Tool "sleep" is not allowed here (policy "autonomous"). Available tools: add.',
    });
    expect(stats.finished).toBe(finished);
  });

  it("sends DeepSeek's reasoning_content back with the assistant's tool calls", async () => {
    h.llm.script(
      { reasoning: "The user wants a sum.", toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }] },
      { text: "3" },
    );
    await turn("1+2");
    const assistant = h.llm.requests[1]!.body.messages.find((m) => m.role === "assistant");
    expect(assistant?.reasoning_content).toBe("The user wants a sum.");
  });
});

describe("calls that outlive the time limit", () => {
  it("go on in the background and are delivered in the next turn", async () => {
    h.llm.script(
      { toolCalls: [{ id: "call_slow", name: "sleep", arguments: { ms: 900, label: "slow result" } }] },
      { text: "It is still running; ask me again soon." },
    );
    const first = await turn("do the slow thing");
    const finished = first.toolResults[0] as Extract<AgentEvent, { type: "tool_finished" }>;
    expect(finished.background?.jobId).toBeTruthy();
    const told = JSON.parse(toolMessages(1)[0]!.content as string);
    expect(told.data.status).toBe("running_in_background");
    expect(told.data.note).toMatch(/keep chatting/);

    const running = await getJson(`${h.url}/api/conversations/${first.outcome.conversationId}`);
    expect(running.jobs[0]).toMatchObject({ tool: "sleep", status: "running", delivered: false });

    await h.cyrene.background.settle();
    h.llm.script({ text: "The slow thing finished: slow result." });
    const second = await turn("is it done?", { conversationId: first.outcome.conversationId });
    expect(second.events.find((e) => e.type === "background_result")).toMatchObject({ name: "sleep" });
    const seen = h.llm.requests[2]!.body.messages;
    const note = seen.at(-2)!;
    expect(note.role).toBe("system");
    expect(note.content).toMatch(/slow result/);
    expect(seen.at(-1)).toEqual({ role: "user", content: "is it done?" });

    const after = await getJson(`${h.url}/api/conversations/${first.outcome.conversationId}`);
    expect(after.jobs[0]).toMatchObject({ status: "finished", delivered: true });
    expect(after.jobs[0].result).toEqual({ success: true, data: { label: "slow result", slept_ms: 900 } });

    h.llm.script({ text: "nothing new" });
    await turn("anything else?", { conversationId: first.outcome.conversationId });
    expect(JSON.stringify(h.llm.requests[3]!.body.messages.slice(-2))).not.toMatch(/Results of tool calls/);
  });

  it("go on in the background when the turn is cancelled while they run, and reach the next turn", async () => {
    h.llm.script({
      toolCalls: [{ id: "call_cut", name: "sleep", arguments: { ms: 250, label: "lights dimmed" } }],
    });
    const cancel = new AbortController();
    const events: AgentEvent[] = [];
    const outcome = await h.cyrene.assistant.turn(
      { message: "dim the lights", source: "test", policy: allowAllTools, signal: cancel.signal },
      (event) => {
        events.push(event);
        if (event.type === "tool_started") cancel.abort("the user pressed stop");
      },
    );
    expect(outcome.error?.kind).toBe("aborted");
    // Handed off at once, though well within the 0.3 s limit: the turn did not wait for it.
    const finished = events.find((e) => e.type === "tool_finished") as Extract<
      AgentEvent,
      { type: "tool_finished" }
    >;
    expect(finished.background?.jobId).toBeTruthy();
    expect(finished.result).toMatchObject({ data: { status: "running_in_background" } });

    await h.cyrene.background.settle();
    h.llm.script({ text: "Done: lights dimmed." });
    const next = await turn("did it work?", { conversationId: outcome.conversationId });
    expect(next.events.find((e) => e.type === "background_result")).toMatchObject({ name: "sleep" });
    expect(h.llm.requests.at(-1)!.body.messages.at(-2)!.content).toMatch(/lights dimmed/);
  });
});
