import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getJson, json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { withoutNotes } from "../support/messages.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending).toBe(0);
  h.llm.reset();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

function parseSse(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
      return { event, data: JSON.parse(data) };
    });
}

describe("POST /api/chat", () => {
  it("answers in JSON with the tool calls made, and continues the conversation", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 20, b: 22 } }] }, { text: "It is 42." });
    const first = await json(post("/api/chat", { message: "20+22?" }));
    expect(first).toMatchObject({
      reply: "It is 42.",
      rounds: 2,
      tool_calls: [{ name: "add", result: { success: true, data: { sum: 42 } } }],
    });
    expect(first.conversation_id).toMatch(/^[0-9a-f-]{36}$/);

    h.llm.script({ text: "You asked about 20+22." });
    const second = await post("/api/chat", {
      message: "what did I ask?",
      conversation_id: first.conversation_id,
    });
    expect((await json(second)).conversation_id).toBe(first.conversation_id);
    const history = withoutNotes(h.llm.requests[2]!.body.messages).map((m) => m.role);
    expect(history).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
  });

  it("takes the panel's language as the turn's: Cyrene's own words are in it", async () => {
    h.llm.script({ text: "" });
    const reply = await json(post("/api/chat", { message: "ok", language: "de-DE" }));
    expect(reply.reply).toBe("(keine Antwort)");
    const bad = await post("/api/chat", { message: "ok", language: "not a tag" });
    expect(bad.status).toBe(400);
  });

  it("streams the loop's events as Server-Sent Events", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }] }, { text: "Two, 二。" });
    const res = await post("/api/chat", { message: "1+1" }, { accept: "text/event-stream" });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      "turn_started",
      "status",
      "tool_started",
      "tool_finished",
      "status",
      ...events.filter((e) => e.event === "text").map(() => "text"),
      "final",
      "done",
    ]);
    expect(events.find((e) => e.event === "final")?.data).toMatchObject({ text: "Two, 二。", rounds: 2 });
    expect(events.find((e) => e.event === "tool_finished")?.data).toMatchObject({
      name: "add",
      duration_ms: expect.any(Number),
    });
  });

  it("rejects bad requests with a clear message", async () => {
    const empty = await post("/api/chat", { message: "  " });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.message).toMatch(/message must not be empty/);
    const unknown = await post("/api/chat", { message: "hi", conversation_id: "nope" });
    expect(unknown.status).toBe(404);
  });

  it("keeps the stored conversation valid when the LLM fails mid-turn", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }] }, { status: 400 });
    const response = await post("/api/chat", { message: "add then fail" });
    expect(response.status).toBe(502);
    const failed = await json(response);
    expect(failed.error).toMatchObject({
      code: "llm_bad_request",
      message: expect.stringMatching(/rejected the request \(400\)/),
    });
    expect(failed.reply).toBe("");

    h.llm.script({ text: "recovered" });
    const next = await post("/api/chat", { message: "again", conversation_id: failed.conversation_id });
    expect((await json(next)).reply).toBe("recovered");
    const roles = withoutNotes(h.llm.requests.at(-1)!.body.messages).map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "tool", "user"]);
  });

  it("never mixes concurrent conversations", async () => {
    h.llm.setFallback((request) => {
      const last = request.body.messages.at(-1)!;
      return last.role === "user"
        ? { toolCalls: [{ name: "sleep", arguments: { ms: 20, label: String(last.content) } }] }
        : { text: `echo ${JSON.parse(last.content as string).data.label}` };
    });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => json(post("/api/chat", { message: `m${i}` }))),
    );
    expect(replies.map((r) => r.reply)).toEqual(replies.map((_, i) => `echo m${i}`));
    for (const [i, reply] of replies.entries()) {
      const stored = await getJson(`${h.url}/api/conversations/${reply.conversation_id}`);
      expect(stored.messages.map((m: { content: unknown }) => m.content).join("|")).not.toMatch(
        new RegExp(`m(?!${i}\\b)\\d`),
      );
    }
  });
});

describe("restarts", () => {
  it("keep conversations and their messages", async () => {
    h.llm.script({ text: "remember me" });
    const first = await json(post("/api/chat", { message: "before restart" }));
    await h.restart();
    const stored = await getJson(`${h.url}/api/conversations/${first.conversation_id}`);
    const messages = withoutNotes<{ role: string; content: string }>(stored.messages);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "before restart"],
      ["assistant", "remember me"],
    ]);
    h.llm.script({ text: "still here" });
    await post("/api/chat", { message: "after restart", conversation_id: first.conversation_id });
    expect(
      withoutNotes(h.llm.requests.at(-1)!.body.messages)
        .slice(1)
        .map((m) => m.content),
    ).toEqual(["before restart", "remember me", "after restart"]);
  });
});

describe("GET /healthz", () => {
  it("reports status without authentication", async () => {
    const health = await getJson(`${h.url}/healthz`);
    expect(health).toMatchObject({ status: "ok", tools: expect.any(Number) });
  });
});
