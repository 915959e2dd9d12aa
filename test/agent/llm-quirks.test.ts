import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.js";
import { systemPrompt } from "../../src/agent/system-prompt.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { useWebFixture } from "../support/web.js";

const web = useWebFixture();
let h: Harness;
// The quirks get the default turn deadline (web_fetch reads pages in a child process, which takes a moment to
// start); the "waiting" tests have a harness of their own with a 1 s deadline.
const startQuirksHarness = (env: Record<string, string> = {}) =>
  startHarness({
    tools: testTools().tools,
    env: { CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1", CYRENE_LLM_MAX_RETRIES: "1", ...env },
  });
beforeAll(async () => {
  h = await startQuirksHarness();
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

async function turn(message: string) {
  const events: AgentEvent[] = [];
  const outcome = await h.cyrene.assistant.turn({ message, source: "test", policy: allowAllTools }, (e) =>
    events.push(e),
  );
  return { outcome, events };
}
const toolResults = (request: number) =>
  h.llm.requests[request]!.body.messages.filter((m) => m.role === "tool").map((m) => ({
    id: m.tool_call_id,
    result: JSON.parse(m.content as string) as { success: boolean; error?: string; untrusted?: boolean },
  }));

describe("LLM quirks", () => {
  it("a tool call without a name gets an error result, like any unknown tool", async () => {
    h.llm.script({ toolCalls: [{ name: "", arguments: {}, id: "call_x" }] }, { text: "sorry" });
    await turn("do it");
    const [result] = toolResults(1);
    expect(result).toMatchObject({
      id: "call_x",
      result: { success: false, error: expect.stringMatching(/without a tool name/) },
    });
    const call = h.llm.requests[1]!.body.messages.find((m) => m.role === "assistant") as unknown as {
      tool_calls: { function: { name: string } }[];
    };
    expect(call.tool_calls[0]!.function.name).toBe("unnamed_tool");
  });

  it("duplicate tool-call ids are re-keyed, so each result pairs with exactly one call", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "add", arguments: { a: 1, b: 1 }, id: "call_0" },
          { name: "add", arguments: { a: 2, b: 2 }, id: "call_0" },
        ],
      },
      { text: "2 and 4" },
    );
    await turn("two sums");
    const assistant = h.llm.requests[1]!.body.messages.find((m) => m.role === "assistant") as unknown as {
      tool_calls: { id: string }[];
    };
    const ids = assistant.tool_calls.map((c) => c.id);
    expect(ids[0]).toBe("call_0");
    expect(new Set(ids).size).toBe(2);
    expect(toolResults(1).map((r) => r.id)).toEqual(ids);
  });

  it("results from the web are marked untrusted, and the prompt says what that means", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "web_fetch", arguments: { url: `${web.origin}/article` } },
          { name: "add", arguments: { a: 1, b: 1 } },
        ],
      },
      { text: "read" },
    );
    await turn("read it");
    const [page, sum] = toolResults(1);
    expect(page!.result).toMatchObject({ success: true, untrusted: true });
    expect(sum!.result).not.toHaveProperty("untrusted");
    expect(systemPrompt()).toMatch(/instructions[^.]*\bnever the user speaking/);
  });
});

describe("waiting", () => {
  let quick: Harness;
  beforeAll(async () => {
    quick = h;
    h = await startQuirksHarness({ CYRENE_TURN_DEADLINE_SECONDS: "1" });
  });
  afterAll(async () => {
    await h.close();
    h = quick;
  });

  it("reports waiting and retrying as status events", async () => {
    h.llm.script({ status: 503 }, { text: "there" });
    const { events } = await turn("hi");
    const statuses = events.filter((e) => e.type === "status");
    expect(statuses.map((s) => s.state)).toEqual(["waiting", "retrying"]);
    expect(statuses[1]).toMatchObject({
      attempt: 1,
      of: 1,
      message: expect.stringMatching(/^retrying 1\/1: .*failed \(503\)/),
    });
  });

  it("a turn past its deadline gives the user what exists", async () => {
    h.llm.script({ text: "I started to answer and then", pieceSize: 6, stallAfterEvents: 3 });
    const { outcome } = await turn("slow");
    expect(outcome.text).toBe("I started to");
    expect(outcome.error).toEqual({
      kind: "deadline",
      message: "The answer took longer than 1 s and was cut short.",
    });
    h.llm.reset();
  });
});
