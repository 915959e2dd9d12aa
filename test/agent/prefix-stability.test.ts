import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/**
 * Provider prompt caches reuse a byte-identical request prefix: tools, system prompt, history. Every
 * request of a conversation must extend the previous one, and conversations must share the tools and
 * the system prompt, whatever the clock does between them.
 */
let now = new Date("2026-12-02T09:59:30Z");
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools, clock: () => now });
});
afterAll(() => h.close());

const turn = (message: string, conversationId?: string) =>
  h.cyrene.assistant.turn({ message, conversationId, source: "test", policy: allowAllTools }, () => {});
const tools = (request: RecordedRequest) => JSON.stringify(request.body.tools);
const messages = (request: RecordedRequest) => request.body.messages.map((m) => JSON.stringify(m));

describe("the request prefix", () => {
  it("stays byte-identical across turns of a conversation, also when the minute changes", async () => {
    h.llm.reset();
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }] }, { text: "Three." });
    const first = await turn("1+2?");
    now = new Date("2026-12-02T10:01:10Z");
    h.llm.script({ text: "Still three." });
    await turn("and again?", first.conversationId);

    const [round1, round2, nextTurn] = h.llm.requests as [RecordedRequest, RecordedRequest, RecordedRequest];
    expect(tools(round2)).toBe(tools(round1));
    expect(tools(nextTurn)).toBe(tools(round1));
    // Each request extends the one before it: the stored history is resent exactly, never rewritten.
    expect(messages(round2).slice(0, messages(round1).length)).toEqual(messages(round1));
    expect(messages(nextTurn).slice(0, messages(round2).length)).toEqual(messages(round2));
    // Only what is new differs: the answer, the new turn's note with its clock, the new user message.
    const added = nextTurn.body.messages.slice(messages(round2).length);
    expect(added.map((m) => m.role)).toEqual(["assistant", "system", "user"]);
    expect(added[1]!.content).toMatch(/^Now: 2026-12-02 18:01 /);
    expect(round1.body.messages.at(-2)!.content).toMatch(/^Now: 2026-12-02 17:59 /);
  });

  it("is shared by two conversations: the same tools and the same system prompt", async () => {
    h.llm.reset();
    h.llm.script({ text: "a" }, { text: "b" });
    await turn("hello");
    now = new Date("2026-12-03T23:30:00Z");
    await turn("hello");
    const [a, b] = h.llm.requests as [RecordedRequest, RecordedRequest];
    expect(tools(b)).toBe(tools(a));
    expect(messages(b)[0]).toBe(messages(a)[0]);
    expect(a.body.messages[0]!.content).not.toMatch(/\d{2}:\d{2}/);
  });

  it("offers the tools in a fixed order, the order they were registered in", async () => {
    h.llm.reset();
    h.llm.script({ text: "ok" });
    await turn("hi");
    const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
    const left = new Set(h.cyrene.registry.notConfiguredTools().map((tool) => tool.name));
    expect(offered).toEqual(h.cyrene.registry.names().filter((name) => !left.has(name)));
  });
});
