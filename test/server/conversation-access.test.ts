import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { json, type Json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";
import { utter } from "../assist/wyoming/client.js";
import { assistant, haChatBody, postChat, user } from "../assist/ollama/ha-client.js";
import { lastToolResult } from "../tools/knowledge/support.js";

/**
 * One owner per conversation, through every entry point: two people behind HA's ingress (Alice and
 * Bob) and the household's voice (HA's Ollama and Wyoming turns) never reach each other's words —
 * not by naming a conversation, not by resending its history, not by resuming its paused turn, and not
 * through memory_search.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true, env: { CYRENE_TRUST_USER_HEADERS: "true" } });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

const ALICE = { "x-remote-user-id": "u-alice", "x-remote-user-name": "alice" };
const BOB = { "x-remote-user-id": "u-bob", "x-remote-user-name": "bob" };
type Person = Record<string, string>;

const apiChat = (person: Person, message: string, conversation_id?: string) =>
  fetch(`${h.url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...person },
    body: JSON.stringify({ message, conversation_id }),
  });

const v1 = (person: Person, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${h.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...person, ...headers },
    body: JSON.stringify({ model: "cyrene", ...body }),
  });

const messagesOf = (conversationId: string) =>
  h.cyrene.conversations.history(conversationId).map((m) => (typeof m.content === "string" ? m.content : ""));

/** Runs a turn whose LLM calls memory_search for `query`, and answers what the tool found. */
async function recall(turn: () => Promise<unknown>, query: string): Promise<string> {
  h.llm.script({ toolCalls: [{ name: "memory_search", arguments: { query } }] }, { text: "Recalled." });
  await turn();
  return JSON.stringify(lastToolResult(h.llm.requests.at(-1)!).results as Json);
}

let aliceChat: string;
let bobChat: string;
beforeAll(async () => {
  h.llm.script({ text: "Noted, Alice." }, { text: "Noted, Bob." });
  aliceChat = (await json(apiChat(ALICE, "My bank PIN is 4821, alpaca."))).conversation_id;
  bobChat = (await json(apiChat(BOB, "My bank PIN is 9377, bison."))).conversation_id;
  h.llm.reset();
});

describe("the ingress API", () => {
  it("refuses to open, continue or delete another person's conversation, as if it did not exist", async () => {
    expect((await fetch(`${h.url}/api/conversations/${aliceChat}`, { headers: BOB })).status).toBe(404);
    expect((await fetch(`${h.url}/api/conversations/${bobChat}`, { headers: ALICE })).status).toBe(404);
    expect((await apiChat(BOB, "and the PIN?", aliceChat)).status).toBe(404);
    const deleting = await fetch(`${h.url}/api/conversations/${aliceChat}`, {
      method: "DELETE",
      headers: BOB,
    });
    expect(deleting.status).toBe(404);
    expect(messagesOf(aliceChat).join(" ")).not.toContain("and the PIN?");
  });
});

describe("/v1", () => {
  it("refuses a conversation id of someone else's, in the header or in metadata, as unknown", async () => {
    for (const [headers, metadata] of [
      [{ "x-cyrene-conversation-id": aliceChat }, undefined],
      [{}, { conversation_id: aliceChat }],
    ] as const) {
      const res = await v1(
        BOB,
        { messages: [{ role: "user", content: "what is my PIN?" }], metadata },
        headers,
      );
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({
        code: "not_found",
        message: `No conversation with id ${aliceChat}`,
      });
    }
    // Nothing was asked of the LLM, and nothing of Bob's reached Alice's conversation.
    expect(h.llm.requests).toHaveLength(0);
    expect(messagesOf(aliceChat).join(" ")).not.toContain("what is my PIN?");
  });

  it("continues the signed-in person's own conversation by id, and it is theirs in the panel", async () => {
    h.llm.script({ text: "Opened." }, { text: "Continued." });
    const first = await v1(ALICE, { messages: [{ role: "user", content: "start a v1 chat" }] });
    const id = first.headers.get("x-cyrene-conversation-id")!;
    const again = await v1(
      ALICE,
      { messages: [{ role: "user", content: "go on" }] },
      { "x-cyrene-conversation-id": id },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cyrene-conversation-id")).toBe(id);
    // Opened through /v1 behind ingress, it belongs to Alice: her panel has it, Bob's does not.
    expect((await fetch(`${h.url}/api/conversations/${id}`, { headers: ALICE })).status).toBe(200);
    expect((await fetch(`${h.url}/api/conversations/${id}`, { headers: BOB })).status).toBe(404);
  });

  it("never continues another person's conversation because Bob resends its history", async () => {
    h.llm.script({ text: "Your locker code is noted." });
    const opened = await v1(ALICE, { messages: [{ role: "user", content: "My locker code is 5150." }] });
    const alices = opened.headers.get("x-cyrene-conversation-id")!;
    h.llm.script({ text: "A new conversation." });
    const resent = await v1(BOB, {
      messages: [
        { role: "user", content: "My locker code is 5150." },
        { role: "assistant", content: "Your locker code is noted." },
        { role: "user", content: "what was it again?" },
      ],
    });
    expect(resent.headers.get("x-cyrene-conversation-id")).not.toBe(alices);
    expect(messagesOf(alices).join(" ")).not.toContain("what was it again?");
  });

  it("never resumes another person's paused turn with tool results", async () => {
    const weather = {
      type: "function",
      function: { name: "client_weather", parameters: { type: "object", properties: {} } },
    };
    h.llm.script({ toolCalls: [{ id: "call_alice_weather", name: "client_weather", arguments: {} }] });
    const paused = await v1(ALICE, { messages: [{ role: "user", content: "weather?" }], tools: [weather] });
    expect(((await paused.json()) as Json).choices[0].finish_reason).toBe("tool_calls");
    const alices = paused.headers.get("x-cyrene-conversation-id")!;
    const answer = (person: Person, content: string) =>
      v1(person, {
        messages: [
          { role: "user", content: "weather?" },
          { role: "assistant", content: null, tool_calls: [toolCall("call_alice_weather")] },
          { role: "tool", tool_call_id: "call_alice_weather", content },
        ],
        tools: [weather],
      });
    const answered = await answer(BOB, "sunny, says Bob");
    expect(answered.status).toBe(400);
    expect(messagesOf(alices).join(" ")).not.toContain("sunny, says Bob");
    // Alice can still answer her own.
    h.llm.script({ text: "It is sunny." });
    const hers = await answer(ALICE, "sunny");
    expect(hers.status).toBe(200);
    expect(hers.headers.get("x-cyrene-conversation-id")).toBe(alices);
  });
});

describe("memory_search", () => {
  it("finds the asking person's own words, never the other person's (both ways)", async () => {
    const forAlice = await recall(
      () => json(apiChat(ALICE, "what did I say about my bank PIN?")),
      "bank PIN",
    );
    expect(forAlice).toContain("4821");
    expect(forAlice).not.toContain("9377");
    const forBob = await recall(() => json(apiChat(BOB, "what did I say about my bank PIN?")), "bank PIN");
    expect(forBob).toContain("9377");
    expect(forBob).not.toContain("4821");
  });

  it("searches the signed-in person's conversations from /v1 as well", async () => {
    const found = await recall(
      () => v1(BOB, { messages: [{ role: "user", content: "my bank PIN?" }] }).then((r) => r.text()),
      "bank PIN",
    );
    expect(found).toContain("9377");
    expect(found).not.toContain("4821");
  });
});

describe("the household's voice", () => {
  it("over Wyoming, recalls the household's voice conversations and no person's private chat", async () => {
    h.llm.script({ text: "The spare key is under the blue pot." });
    await utter(h.wyomingPort, "Where is the spare key? Under the blue pot.", "01HVOICEKEY");
    const found = await recall(
      () => utter(h.wyomingPort, "what did we say about the spare key and my bank PIN?"),
      "spare key bank PIN",
    );
    expect(found).toContain("blue pot");
    expect(found).not.toContain("4821");
    expect(found).not.toContain("9377");
  });

  it("over the Ollama port, recalls no person's private chat", async () => {
    const found = await recall(
      () => postChat(h.ollamaUrl, haChatBody([user("what is my bank PIN?")])),
      "bank PIN",
    );
    expect(found).not.toContain("4821");
    expect(found).not.toContain("9377");
  });

  it("never continues a person's conversation by its history over the Ollama port", async () => {
    h.llm.script({ text: "A voice answer." });
    await postChat(
      h.ollamaUrl,
      haChatBody([user("My bank PIN is 4821, alpaca."), assistant("Noted, Alice."), user("say it again")]),
    );
    expect(messagesOf(aliceChat).join(" ")).not.toContain("say it again");
  });

  it("over Wyoming, never continues a person's conversation even when HA names its id", async () => {
    h.llm.script({ text: "A voice answer." });
    await utter(h.wyomingPort, "repeat my PIN", aliceChat);
    expect(messagesOf(aliceChat).join(" ")).not.toContain("repeat my PIN");
  });
});

function toolCall(id: string) {
  return { id, type: "function", function: { name: "client_weather", arguments: "{}" } };
}

describe("with show_all_conversations on", () => {
  let all: Harness;
  beforeAll(async () => {
    all = await startHarness({
      assist: true,
      env: { CYRENE_TRUST_USER_HEADERS: "true", CYRENE_SHOW_ALL_CONVERSATIONS: "true" },
    });
  });
  afterAll(() => all.close());

  it("the panel shows everyone's conversations, but /v1, memory_search and the voice keep to their own", async () => {
    all.llm.script({ text: "Noted." });
    const post = (person: Person, message: string) =>
      json(
        fetch(`${all.url}/api/chat`, {
          method: "POST",
          headers: { "content-type": "application/json", ...person },
          body: JSON.stringify({ message }),
        }),
      );
    const alices = (await post(ALICE, "My bank PIN is 4821, alpaca.")).conversation_id;
    // The panel, as documented: everyone sees (and may open) every conversation.
    const listed = await json(fetch(`${all.url}/api/conversations`, { headers: BOB }));
    expect(listed.conversations.map((c: { id: string }) => c.id)).toContain(alices);
    expect((await fetch(`${all.url}/api/conversations/${alices}`, { headers: BOB })).status).toBe(200);
    // /v1 follows the owner only.
    const named = await fetch(`${all.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-cyrene-conversation-id": alices, ...BOB },
      body: JSON.stringify({ model: "cyrene", messages: [{ role: "user", content: "my PIN?" }] }),
    });
    expect(named.status).toBe(404);
    // memory_search in Bob's own conversation, and in a voice turn, finds nothing of Alice's.
    const recalled = async (turn: () => Promise<unknown>) => {
      all.llm.script(
        { toolCalls: [{ name: "memory_search", arguments: { query: "bank PIN" } }] },
        { text: "…" },
      );
      await turn();
      return JSON.stringify(lastToolResult(all.llm.requests.at(-1)!).results as Json);
    };
    expect(await recalled(() => post(BOB, "what is my bank PIN?"))).not.toContain("4821");
    expect(await recalled(() => utter(all.wyomingPort, "what is the bank PIN?"))).not.toContain("4821");
    expect(all.llm.pending).toBe(0);
  });
});
