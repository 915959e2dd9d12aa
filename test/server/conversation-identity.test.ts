import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withoutNotes } from "../support/messages.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/**
 * Clients that re-send the whole history and no id must find their own conversation, and never
 * another's: a pending confirmation or a background result must not reach the wrong person.
 */
let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools, env: { CYRENE_TOOL_TIMEOUT_SECONDS: "0.2" } });
  client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "unused", maxRetries: 0 });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

async function send(messages: ChatCompletionMessageParam[], extra: { user?: string } = {}) {
  const { data, response } = await client.chat.completions
    .create({ model: "cyrene", messages, ...extra })
    .withResponse();
  return {
    text: data.choices[0]!.message.content!,
    conversationId: response.headers.get("x-cyrene-conversation-id")!,
  };
}
const u = (content: string) => ({ role: "user" as const, content });
const a = (content: string) => ({ role: "assistant" as const, content });

describe("conversation identity", () => {
  it("never merges two clients whose opening exchange was the same", async () => {
    h.llm.setFallback({ text: "Hello!" });
    const alice = await send([u("hi")]);
    const bob = await send([u("hi")]);
    expect(alice.conversationId).not.toBe(bob.conversationId);
    // Both now re-send [hi, Hello!]: it continues two conversations, so it continues neither.
    const next = await send([u("hi"), a("Hello!"), u("what time is it?")]);
    expect([alice.conversationId, bob.conversationId]).not.toContain(next.conversationId);
    // From here on that client's history is its own, and continues its conversation.
    const again = await send([u("hi"), a("Hello!"), u("what time is it?"), a(next.text), u("thanks")]);
    expect(again.conversationId).toBe(next.conversationId);
    h.llm.setFallback(undefined);
  });

  it("continues when the client trims the start of the history, or re-renders what it was shown", async () => {
    h.llm.script({ text: "**One.**\r\n" }, { text: "Two." }, { text: "Three." });
    const first = await send([u("count with me, please")]);
    const second = await send([u("count with me, please"), a("One.  "), u("go on")]);
    expect(second.conversationId).toBe(first.conversationId);
    // HA keeps only the newest messages; the rest of the transcript still matches the end.
    const third = await send([a("Two."), u("and?")]);
    expect(third.conversationId).toBe(first.conversationId);
  });

  it("forks when an earlier message was edited", async () => {
    h.llm.script({ text: "Paris." }, { text: "Rome." });
    const first = await send([u("capital of France?")]);
    const edited = await send([u("capital of Italy?"), a("Paris."), u("and its river?")]);
    expect(edited.conversationId).not.toBe(first.conversationId);
    const sent = withoutNotes(h.llm.requests[1]!.body.messages).slice(1);
    expect(sent.map((m) => m.content)).toEqual(["capital of Italy?", "Paris.", "and its river?"]);
  });

  it("lets the user field narrow the match, and an explicit id win", async () => {
    h.llm.script({ text: "Noted." }, { text: "For bob." }, { text: "By id." });
    const alice = await send([u("remember 42")], { user: "alice" });
    const bob = await send([u("remember 42"), a("Noted."), u("and?")], { user: "bob" });
    expect(bob.conversationId).not.toBe(alice.conversationId);
    const byId = (user?: string) =>
      client.chat.completions
        .create({
          model: "cyrene",
          messages: [u("which one?")],
          metadata: { conversation_id: alice.conversationId },
          user,
        })
        .withResponse();
    const named = await byId("alice");
    expect(named.response.headers.get("x-cyrene-conversation-id")).toBe(alice.conversationId);
    // Alice's conversation is hers: named by another caller, or by none, it does not exist.
    await expect(byId("bob")).rejects.toMatchObject({ status: 404 });
    await expect(byId()).rejects.toMatchObject({ status: 404 });
  });

  it("delivers a background result only to the conversation that started the job", async () => {
    // Alice's slow tool goes on in the background; Bob began with the same words.
    h.llm.script(
      { toolCalls: [{ name: "sleep", arguments: { ms: 400, label: "alice-secret" } }] },
      { text: "Working on it." },
      { text: "Working on it." },
    );
    const alice = await send([u("start the job")]);
    await send([u("start the job")]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    h.llm.setFallback({ text: "ok" });
    // Both re-send the same history: ambiguous, so a new conversation, which gets no one's result.
    await send([u("start the job"), a("Working on it."), u("done?")]);
    expect(JSON.stringify(h.llm.requests.at(-1)!.body.messages)).not.toContain("alice-secret");
    // Alice, with the explicit id, gets hers.
    await client.chat.completions.create(
      { model: "cyrene", messages: [u("done?")] },
      { headers: { "x-cyrene-conversation-id": alice.conversationId } },
    );
    expect(JSON.stringify(h.llm.requests.at(-1)!.body.messages)).toContain("alice-secret");
    h.llm.setFallback(undefined);
  });
});
