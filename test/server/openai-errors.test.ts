import { createServer } from "node:net";
import OpenAI, { APIError } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

/** What an OpenAI SDK client sees when the LLM behind Cyrene fails: real errors, never an "answer". */
let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  h = await startHarness({
    tools: testTools().tools,
    env: { CYRENE_LLM_IDLE_TIMEOUT_SECONDS: "0.3", CYRENE_LLM_MAX_RETRIES: "0" },
  });
  client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "unused", maxRetries: 0 });
});
afterAll(() => h.close());

// Each ask is a new request (a failed one repeated with the same body would get the same failure back).
let asked = 0;
const ask = (content: string) =>
  client.chat.completions.create({
    model: "cyrene",
    messages: [{ role: "user", content }],
    metadata: { ask: String(++asked) },
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as APIError,
  );

describe("LLM failures through /v1/chat/completions", () => {
  it("answer 502 with the OpenAI error envelope when the key is refused, and tell SDKs not to retry", async () => {
    h.llm.script({ status: 401 });
    const response = await fetch(`${h.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "cyrene", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(502);
    expect(response.headers.get("x-should-retry")).toBe("false");
    const body = await json(response);
    expect(body).toEqual({
      error: {
        message: expect.stringMatching(/^The language model at 127\.0\.0\.1:\d+ refused the API key \(401\)/),
        type: "server_error",
        code: "llm_auth_failed",
        param: null,
      },
    });
  });

  it("say that a 404 usually means a base URL without /v1", async () => {
    h.llm.script({ status: 404 });
    const error = await failure(ask("hi"));
    expect(error).toBeInstanceOf(APIError);
    expect(error!.status).toBe(502);
    expect(error!.message).toMatch(/answered 404 \(not found\).*Does the base URL end in \/v1/);
  });

  it("answer 504 when the model stalls", async () => {
    h.llm.script({ text: "never finished", stallAfterEvents: 1 });
    const error = await failure(ask("hi"));
    expect(error!.status).toBe(504);
    expect(error!.code).toBe("llm_timeout");
  });

  it("end a stream that already began with an error chunk, which the SDK raises, and no stop", async () => {
    h.llm.script({ text: "Half an answer that breaks", pieceSize: 5, cutAfterEvents: 3 });
    const stream = await client.chat.completions.create({
      model: "cyrene",
      stream: true,
      messages: [{ role: "user", content: "tell me" }],
    });
    let text = "";
    const finishes: (string | null)[] = [];
    const error = await (async () => {
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? "";
        finishes.push(chunk.choices[0]?.finish_reason ?? null);
      }
    })().then(
      () => undefined,
      (e: unknown) => e as APIError,
    );
    expect(text).toBe("Half an an");
    expect(error).toBeInstanceOf(APIError);
    expect(error!.message).toMatch(/broke off/);
    expect(finishes).not.toContain("stop");
  });

  it("answer a stream that fails before any output with a plain error status", async () => {
    h.llm.script({ status: 500 });
    const error = await failure(
      client.chat.completions.create({
        model: "cyrene",
        stream: true,
        messages: [{ role: "user", content: "x" }],
      }),
    );
    expect(error!.status).toBe(502);
    expect(error!.code).toBe("llm_server_error");
  });

  it("store the failed turn as failed, never as something the assistant said", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }] }, { status: 500 });
    const response = await fetch(`${h.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "cyrene", messages: [{ role: "user", content: "add, then fail" }] }),
    });
    expect(response.status).toBe(502);
    const conversationId = response.headers.get("x-cyrene-conversation-id")!;
    const stored = h.cyrene.conversations.history(conversationId);
    expect(
      stored.filter((m) => m.role === "assistant" && typeof m.content === "string" && m.content),
    ).toEqual([]);
    const [turn] = h.cyrene.turns.recent(1);
    expect(turn).toMatchObject({
      conversationId,
      status: "failed",
      error: expect.stringMatching(/failed \(500\)/),
    });
  });
});

describe("an unreachable LLM", () => {
  it("is named by host and cause", async () => {
    const port = await closedPort();
    const down = await startHarness({
      env: { CYRENE_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, CYRENE_LLM_MAX_RETRIES: "0" },
    });
    try {
      const sdk = new OpenAI({ baseURL: `${down.url}/v1`, apiKey: "unused", maxRetries: 0 });
      const error = await failure(
        sdk.chat.completions.create({ model: "cyrene", messages: [{ role: "user", content: "hi" }] }),
      );
      expect(error!.status).toBe(502);
      expect(error!.code).toBe("llm_unreachable");
      expect(error!.message).toContain(
        `Cannot reach the language model at 127.0.0.1:${port}: connection refused (is the server running, and is the port right?).`,
      );
    } finally {
      await down.close();
    }
  });
});

describe("LLM failures through /api/chat", () => {
  it("answer with an error status and keep the text that already reached the user", async () => {
    h.llm.script({ text: "Part of it, then", pieceSize: 4, cutAfterEvents: 3 });
    const response = await fetch(`${h.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "go" }),
    });
    expect(response.status).toBe(502);
    const body = await json(response);
    expect(body.reply).toBe("Part of ");
    expect(body.error).toMatchObject({
      code: "llm_interrupted",
      message: expect.stringMatching(/broke off/),
    });
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
