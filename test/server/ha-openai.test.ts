import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STREAM_RESPONSE_CHARS } from "../../src/http/ha-speech.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { haSystemPrompt } from "../assist/ollama/ha-client.js";

/**
 * /ha/v1 on the Assist port: requests as Home Assistant's OpenAI-compatible agent (`llama_cpp`, HA
 * 2026.11, openai 3.26) sends them — its system prompt first, `user` = HA's conversation id (a ULID),
 * max_tokens/top_p/temperature from its subentry, streamed. The real integration, through HA's pipeline,
 * is tested in test/ha/llama-cpp-agent.test.ts.
 */
const HA_CONVERSATION = "01KBPQ7J0Z8W5N3M2R4T6V8X0Y";
const ALICE_ID = "8f14e45fceea167a5a36dedd4bea2543";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    assist: true,
    tools: testTools().tools,
    env: { CYRENE_TRUST_USER_HEADERS: "true", CYRENE_API_TOKEN: "secret-token" },
  });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

type Message = { role: string; content: string };
const haBody = (messages: Message[], extra: Record<string, unknown> = {}, system = haSystemPrompt()) => ({
  model: "cyrene",
  messages: [{ role: "system", content: system }, ...messages],
  max_tokens: 3000,
  top_p: 1,
  temperature: 0.7,
  user: HA_CONVERSATION,
  stream: true,
  ...extra,
});

interface Answer {
  status: number;
  conversationId: string;
  /** Each chunk's content, in order. */
  contents: string[];
  text: string;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${h.ollamaUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer sk-0000000000000000000",
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const raw = await res.text();
  const chunks = raw
    .split("\n\n")
    .map((event) => event.replace(/^data: /, "").trim())
    .filter((data) => data && data !== "[DONE]" && !data.startsWith(":"))
    .map((data) => JSON.parse(data) as { choices: { delta: { content?: string } }[] });
  const contents = chunks
    .flatMap((c) => c.choices.map((choice) => choice.delta.content ?? ""))
    .filter(Boolean);
  return {
    status: res.status,
    conversationId: res.headers.get("x-cyrene-conversation-id") ?? "",
    contents,
    text: contents.join(""),
  };
}

const listed = async (query: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${h.url}/api/conversations${query}`, {
    headers: { authorization: "Bearer secret-token", ...headers },
  });
  return ((await res.json()) as { conversations: { id: string }[] }).conversations.map((c) => c.id);
};

describe("HA's OpenAI-compatible agent at /ha/v1", () => {
  it("lists Cyrene's models where HA's config flow looks", async () => {
    const res = await fetch(`${h.ollamaUrl}/ha/v1/models`);
    expect(((await res.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toContain("cyrene");
  });

  it("answers as the household's voice, spoken, in the conversation HA's id names; HA's next request continues it", async () => {
    let note = "";
    h.llm.script((request) => {
      note = request.body.messages.filter((m) => m.role === "system").at(-1)!.content as string;
      return { text: "The **porch light** is on 💡" };
    });
    const first = await post(
      "/ha/v1/chat/completions",
      haBody([{ role: "user", content: "Is the porch light on?" }]),
    );
    expect(first.status).toBe(200);
    expect(first.text).toBe("The porch light is on");
    // HA's instructions reach the note, its clock line does not; a spoken answer is asked for.
    expect(note).toMatch(/Instructions from the app[\s\S]*voice assistant for Home Assistant/);
    expect(note).not.toMatch(/Current time is/);
    expect(note).toMatch(/spoken aloud/);
    // HA's subentry sampling is not passed on: Cyrene's LLM settings rule.
    expect(h.llm.requests[0]!.body).not.toHaveProperty("temperature", 0.7);
    expect(h.llm.requests[0]!.body).not.toHaveProperty("max_tokens", 3000);
    expect(await listed("?owner=household")).toContain(first.conversationId);
    expect(await listed(`?user=${HA_CONVERSATION}`)).not.toContain(first.conversationId);

    h.llm.script((request) => {
      expect(request.body.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual([
        "Is the porch light on?",
        "And the kitchen?",
      ]);
      return { text: "Off." };
    });
    const next = await post(
      "/ha/v1/chat/completions",
      haBody(
        [
          { role: "user", content: "Is the porch light on?" },
          { role: "assistant", content: first.text },
          { role: "user", content: "And the kitchen?" },
        ],
        {},
        haSystemPrompt("14:03:51"),
      ),
    );
    expect(next.conversationId).toBe(first.conversationId);
    expect(next.text).toBe("Off.");
  });

  it("says what it is doing while a slow call runs, past HA's 60 characters, and HA's resend continues without the line", async () => {
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 1_800 } }] }, { text: "Done, it slept." });
    const body = haBody([{ role: "user", content: "Sleep a little" }], {
      user: "01KBPQ7J0Z8W5N3M2R4T6V8X1Z",
    });
    const reply = await post("/ha/v1/chat/completions", body);
    expect(reply.contents[0]!.trim()).toBe("Working on it…");
    expect([...reply.contents[0]!].length).toBeGreaterThan(STREAM_RESPONSE_CHARS);
    expect(reply.contents.slice(1).join("")).toBe("Done, it slept.");

    h.llm.script((request) => {
      expect(JSON.stringify(request.body.messages)).not.toContain("Working on it");
      return { text: "Again?" };
    });
    const next = await post("/ha/v1/chat/completions", {
      ...body,
      messages: [
        ...body.messages,
        { role: "assistant", content: reply.text },
        { role: "user", content: "Once more" },
      ],
    });
    expect(next.conversationId).toBe(reply.conversationId);
  });

  it("gives the turn to the person HA names in its instructions; a satellite's None stays the household's", async () => {
    h.llm.setFallback({ text: "ok" });
    try {
      const named = `${haSystemPrompt()}\nSpeaker user: Alice (user ${ALICE_ID})`;
      const mine = await post(
        "/ha/v1/chat/completions",
        haBody(
          [{ role: "user", content: "Remind me what I asked" }],
          { user: "01KBPQ7J0Z8W5N3M2R4T6V8X2A" },
          named,
        ),
      );
      const alice = { "x-remote-user-id": ALICE_ID, "x-remote-user-name": "Alice" };
      // The same person the panel names by HA's ingress: her conversation, and not the household's.
      expect(await listed("", alice)).toContain(mine.conversationId);
      expect(await listed("?owner=household")).not.toContain(mine.conversationId);

      const nobody = `${haSystemPrompt()}\nSpeaker user: None (user None)`;
      const voice = await post(
        "/ha/v1/chat/completions",
        haBody([{ role: "user", content: "Hello" }], { user: "01KBPQ7J0Z8W5N3M2R4T6V8X2B" }, nobody),
      );
      expect(await listed("?owner=household")).toContain(voice.conversationId);
      expect(await listed("", alice)).not.toContain(voice.conversationId);
    } finally {
      h.llm.setFallback(undefined);
    }
  });

  it("keeps /v1 as it was: `user` names the API caller, the answer is not reshaped", async () => {
    h.llm.script({ text: "The **porch light** is on" });
    const plain = await post("/v1/chat/completions", haBody([{ role: "user", content: "Porch?" }]));
    expect(plain.text).toBe("The **porch light** is on");
    expect(await listed(`?user=${HA_CONVERSATION}`)).toContain(plain.conversationId);
  });
});
