import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/**
 * A request that repeats one already received — an SDK's automatic retry, the same body again — is
 * answered from the stored result: the turn and its tools never run twice (issue 18, point 2).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools, env: { CYRENE_LLM_MAX_RETRIES: "0" } });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

async function post(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ model: "cyrene", ...body }),
  });
  return {
    status: res.status,
    text: await res.text(),
    conversationId: res.headers.get("x-cyrene-conversation-id"),
  };
}

const userMessages = (conversationId: string) =>
  h.cyrene.conversations.history(conversationId).filter((m) => m.role === "user");

describe("turns that run once", () => {
  it("a repeated Idempotency-Key is answered from the first result: one turn, one tool run, one user message", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 40, b: 2 } }] }, { text: "42，答案。" });
    const body = { user: "once-a", messages: [{ role: "user", content: "40+2？" }] };
    const key = { "idempotency-key": "k-once-a" };
    const first = await post(body, key);
    const again = await post(body, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(h.llm.requests).toHaveLength(2);
    expect(userMessages(first.conversationId!)).toHaveLength(1);
  });

  it("a repeat that arrives while the first still runs waits for it and gets the same answer", async () => {
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 300 } }] }, { text: "Rested." });
    const body = { user: "once-b", messages: [{ role: "user", content: "Rest a moment." }] };
    const key = { "idempotency-key": "k-once-b" };
    const [first, second] = await Promise.all([post(body, key), post(body, key)]);
    expect(second).toEqual(first);
    expect(h.llm.requests).toHaveLength(2);
  });

  it("the same body again after a failed turn that ran tools (an SDK's retry of a 5xx) gets the same error", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }] }, { status: 400 });
    const body = { user: "once-c", messages: [{ role: "user", content: "1+1?" }] };
    const failed = await post(body);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const replay = await post(body);
    expect(replay).toEqual(failed);
    expect(h.llm.requests).toHaveLength(2);
  });

  it("streams the replay as it streamed the first answer", async () => {
    h.llm.script({ text: "Hello there, 你好。" });
    const body = { user: "once-d", stream: true, messages: [{ role: "user", content: "Hi!" }] };
    const key = { "idempotency-key": "k-once-d" };
    const first = await post(body, key);
    const again = await post(body, key);
    const content = (sse: string) =>
      sse
        .split("\n")
        .filter((line) => line.startsWith("data: {"))
        .map(
          (line) =>
            (JSON.parse(line.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta
              .content ?? "",
        )
        .join("");
    expect(content(first.text)).toBe("Hello there, 你好。");
    expect(content(again.text)).toBe("Hello there, 你好。");
    expect(h.llm.requests).toHaveLength(1);
  });

  it("the same body again after an answer is a new turn: two clients may send the same first message", async () => {
    h.llm.script({ text: "One." }, { text: "Two." });
    const body = { user: "once-g", messages: [{ role: "user", content: "Hello" }] };
    const first = await post(body);
    const second = await post(body);
    expect(JSON.parse(first.text).choices[0].message.content).toBe("One.");
    expect(JSON.parse(second.text).choices[0].message.content).toBe("Two.");
    expect(second.conversationId).not.toBe(first.conversationId);
  });

  it("honours Idempotency-Key, and refuses the key with another body", async () => {
    h.llm.script({ text: "First." }, { text: "Second." });
    const key = { "idempotency-key": "k-123" };
    const first = await post({ user: "once-e", messages: [{ role: "user", content: "A" }] }, key);
    const again = await post({ user: "once-e", messages: [{ role: "user", content: "A" }] }, key);
    expect(again).toEqual(first);
    const other = await post({ user: "once-e", messages: [{ role: "user", content: "B" }] }, key);
    expect(other.status).toBe(422);
    // Another owner's key is its own.
    const bob = await post({ user: "once-f", messages: [{ role: "user", content: "A" }] }, key);
    expect(bob.status).toBe(200);
    expect(JSON.parse(bob.text).choices[0].message.content).toBe("Second.");
  });
});
