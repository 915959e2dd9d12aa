import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";

/** Behind HA's ingress each person sees their own conversations, and Cyrene knows who is talking. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { CYRENE_TRUST_USER_HEADERS: "true" } });
  h.llm.setFallback({ text: "ok" });
});
afterAll(() => h.close());

const as = (id: string, name: string) => ({
  "x-remote-user-id": id,
  "x-remote-user-name": name.toLowerCase(),
  "x-remote-user-display-name": name,
});
const chat = (person: Record<string, string>, message: string, conversation_id?: string) =>
  fetch(`${h.url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...person },
    body: JSON.stringify({ message, conversation_id }),
  });

describe("people behind ingress", () => {
  it("see only their own conversations", async () => {
    const alice = await json(chat(as("u-alice", "Alice"), "alice's secret plan"));
    const bob = await json(chat(as("u-bob", "Bob"), "bob's shopping list"));
    const list = async (person: Record<string, string>) =>
      (await json(fetch(`${h.url}/api/conversations`, { headers: person }))).conversations.map(
        (c: { id: string }) => c.id,
      );
    expect(await list(as("u-alice", "Alice"))).toEqual([alice.conversation_id]);
    expect(await list(as("u-bob", "Bob"))).toEqual([bob.conversation_id]);
    expect(
      (await fetch(`${h.url}/api/conversations/${alice.conversation_id}`, { headers: as("u-bob", "Bob") }))
        .status,
    ).toBe(404);
    expect((await chat(as("u-bob", "Bob"), "continue hers", alice.conversation_id)).status).toBe(404);
    const deleting = await fetch(`${h.url}/api/conversations/${alice.conversation_id}`, {
      method: "DELETE",
      headers: as("u-bob", "Bob"),
    });
    expect(deleting.status).toBe(404);
  });

  it("are named to the assistant in the turn's note", async () => {
    await chat(as("u-carol", "Carol Chen"), "hello");
    expect(String(h.llm.requests.at(-1)!.body.messages.at(-2)!.content)).toContain(
      "Talking to you: Carol Chen.",
    );
  });

  it("are ignored when the headers are not trusted", async () => {
    const plain = await startHarness();
    try {
      plain.llm.setFallback({ text: "ok" });
      await fetch(`${plain.url}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", ...as("u-mallory", "Mallory") },
        body: JSON.stringify({ message: "hi" }),
      });
      expect(String(plain.llm.requests.at(-1)!.body.messages.at(-2)!.content)).not.toContain("Mallory");
    } finally {
      await plain.close();
    }
  });
});

describe("/api/status", () => {
  it("reports the model, the LLM and HA, the tools, and what recent turns cost", async () => {
    h.llm.script({ text: "hi", usage: { prompt_tokens_details: { cached_tokens: 10 } } });
    await chat(as("u-dave", "Dave"), "status please");
    const status = await json(fetch(`${h.url}/api/status`));
    expect(status).toMatchObject({
      model: "deepseek-v4-flash",
      llm: { status: "ok" },
      home_assistant: { status: "not_configured" },
      tools: { offered: expect.arrayContaining(["calculator", "knowledge_search"]), disabled: [] },
      recent_turns: { count: expect.any(Number), cached_tokens: expect.any(Number) },
    });
    expect(status.recent_turns.turns[0]).toMatchObject({ status: "completed", cached_tokens: 10 });
  });
});

describe("names from HA's headers", () => {
  it("are read as UTF-8, as HA sends them", async () => {
    const utf8AsLatin1 = Buffer.from("王小明", "utf8").toString("latin1");
    const headers = { "x-remote-user-id": "u-wang", "x-remote-user-display-name": utf8AsLatin1 };
    const me = await json(fetch(`${h.url}/api/me`, { headers }));
    expect(me).toMatchObject({ person: { name: "王小明" } });
  });
});
