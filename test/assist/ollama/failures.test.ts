import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../support/harness.js";
import { haChatBody, postChat, user } from "./ha-client.js";

/**
 * HA's integration catches none of the errors an Ollama stream raises, and waits for /api/chat without
 * a timeout: a failed turn is an answer with no text (HA: "Unable to get response"), and a voice turn
 * ends at the voice deadline.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true, env: { CYRENE_ASSIST_DEADLINE_SECONDS: "1" } });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

describe("failed turns over the Ollama API", () => {
  it("stream an answer without content when the LLM fails before saying anything", async () => {
    h.llm.script({ status: 401 });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("hello")]));
    expect(reply.status).toBe(200);
    // No content at all: HA 2026.11 takes an empty one as a silent answer that succeeded.
    expect(reply.lines).toEqual([
      expect.objectContaining({
        message: { role: "assistant" },
        done: true,
        done_reason: "error",
      }),
    ]);
    expect(h.cyrene.turns.recent(1)[0]).toMatchObject({ status: "failed" });
  });

  it("answer stream: false with an error status and Ollama's error body", async () => {
    h.llm.script({ status: 401 });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("hello")], { stream: false }));
    expect(reply.status).toBe(502);
    expect(reply.lines).toEqual([{ error: expect.stringMatching(/\S/) }]);
  });

  it("end a voice turn at the voice deadline however long the LLM takes", async () => {
    h.llm.script({ text: "This will never arrive.", stallAfterEvents: 1 });
    const started = performance.now();
    const reply = await postChat(h.ollamaUrl, haChatBody([user("hello")]));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThan(900);
    expect(elapsed).toBeLessThan(3_000);
    expect(reply.text).toBe("");
    expect(reply.lines.at(-1)).toMatchObject({ done: true, done_reason: "error" });
  });

  it("end with Ollama's error line when the turn fails after text went out", async () => {
    h.llm.script({
      text: "Here is the first part of a long answer that stalls",
      pieceSize: 6,
      stallAfterEvents: 4,
    });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("tell me a story")]));
    expect(reply.text).toMatch(/^Here is/);
    expect(reply.lines.at(-1)).toEqual({ error: expect.stringMatching(/longer than 1 s/) });
    expect(reply.lines.slice(0, -1).every((line) => line.message.role === "assistant")).toBe(true);
  });
});
