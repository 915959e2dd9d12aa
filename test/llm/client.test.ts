import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmClient, type LlmClientOptions, type LlmStatus } from "../../src/llm/client.js";
import { LlmError } from "../../src/llm/errors.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

let llm: ScriptedLlm;
let client: LlmClient;
let options: LlmClientOptions;
const user = [{ role: "user" as const, content: "hi" }];

beforeAll(async () => {
  llm = await ScriptedLlm.start();
  options = {
    baseUrl: llm.baseUrl,
    apiKey: "k",
    model: "m",
    maxRetries: 2,
    requestTimeoutMs: 5_000,
    idleTimeoutMs: 300,
    retryDelayMs: 1,
  };
  client = new LlmClient(options);
});
afterAll(() => llm.close());
afterEach(() => {
  expect(llm.pending).toBe(0);
  llm.reset();
});

describe("LlmClient", () => {
  it("assembles tool calls whose pieces arrive across many chunks", async () => {
    llm.script({
      text: "Checking both.",
      pieceSize: 2,
      toolCalls: [
        { id: "call_a", name: "add", arguments: { a: 1, b: 2, note: "加法 with ünïcode" } },
        { id: "call_b", name: "sleep", arguments: { ms: 5 } },
      ],
    });
    const texts: string[] = [];
    const response = await client.complete({ messages: user, onText: (t) => texts.push(t) });
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.join("")).toBe("Checking both.");
    expect(response.finishReason).toBe("tool_calls");
    expect(response.toolCalls).toEqual([
      { id: "call_a", name: "add", arguments: JSON.stringify({ a: 1, b: 2, note: "加法 with ünïcode" }) },
      { id: "call_b", name: "sleep", arguments: '{"ms":5}' },
    ]);
    expect(response.usage?.promptTokens).toBeGreaterThan(0);
  });

  it("retries 429 and 5xx answers", async () => {
    llm.script({ status: 429 }, { status: 503 }, { text: "fine now" });
    expect((await client.complete({ messages: user })).content).toBe("fine now");
    expect(llm.requests).toHaveLength(3);
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    const statuses: LlmStatus[] = [];
    llm.script({ status: 429, retryAfter: 0.3 }, { text: "after the wait" });
    const response = await client.complete({ messages: user, onStatus: (status) => statuses.push(status) });
    expect(response.content).toBe("after the wait");
    expect(statuses).toEqual([
      { state: "waiting" },
      {
        state: "retrying",
        attempt: 1,
        of: 2,
        waitMs: 300,
        reason: expect.stringMatching(/rate-limited \(429\)/),
      },
    ]);
  });

  it("gives up after the configured retries with a clear error", async () => {
    llm.script({ status: 500 }, { status: 500 }, { status: 500 });
    await expect(client.complete({ messages: user })).rejects.toMatchObject({ kind: "server", status: 500 });
  });

  it("does not retry a refused API key", async () => {
    llm.script({ status: 401 });
    const error = await client.complete({ messages: user }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).message).toMatch(/refused the API key \(401\)/);
  });

  it("retries a stream cut before anything reached the user", async () => {
    llm.script(
      { toolCalls: [{ name: "add", arguments: { a: 1, b: 2 } }], cutAfterEvents: 2 },
      { text: "whole" },
    );
    expect((await client.complete({ messages: user, onText: () => {} })).content).toBe("whole");
    expect(llm.requests).toHaveLength(2);
  });

  it("does not repeat text the user already saw when the stream breaks", async () => {
    llm.script({ text: "This answer breaks off in the middle", pieceSize: 4, cutAfterEvents: 4 });
    const seen: string[] = [];
    await expect(client.complete({ messages: user, onText: (t) => seen.push(t) })).rejects.toMatchObject({
      kind: "interrupted",
    });
    expect(seen.join("")).toBe("This answer ");
    expect(llm.requests).toHaveLength(1);
  });

  it("treats a stalled stream as a timeout", async () => {
    llm.script({ text: "stall here please", stallAfterEvents: 2 }, { text: "second try" });
    const seen: string[] = [];
    await expect(client.complete({ messages: user, onText: (t) => seen.push(t) })).rejects.toMatchObject({
      kind: "timeout",
    });
    llm.reset();
  });
});

describe("cancellation", () => {
  it("sends nothing when the caller has already gone", async () => {
    const controller = new AbortController();
    controller.abort("client disconnected");
    await expect(client.complete({ messages: user, signal: controller.signal })).rejects.toMatchObject({
      kind: "aborted",
    });
    expect(llm.requests).toHaveLength(0);
  });

  it("stops waiting between retries when the caller goes", async () => {
    const slow = new LlmClient({
      baseUrl: llm.baseUrl,
      apiKey: "k",
      model: "m",
      maxRetries: 3,
      requestTimeoutMs: 5_000,
      idleTimeoutMs: 1_000,
      retryDelayMs: 60_000,
    });
    llm.script({ status: 503 });
    const controller = new AbortController();
    const pending = slow.complete({ messages: user, signal: controller.signal });
    await expect.poll(() => llm.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "aborted" });
    expect(llm.requests).toHaveLength(1);
  });
});
