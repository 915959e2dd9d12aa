import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STREAM_RESPONSE_CHARS } from "../../../src/http/ha-speech.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { assistant, haChatBody, postChat, user } from "./ha-client.js";

/** A call slow enough for a progress line (1.2 s), quick enough for a test. */
const SLOW = { toolCalls: [{ name: "sleep", arguments: { ms: 1_800 } }] };
const ANSWER = "Done, it slept.";
const LINE = "Working on it…";

/**
 * Spoken progress on the Ollama port, which only HA's conversation agent gets (the pipeline itself is
 * tested against a real HA in test/ha/voice-progress.test.ts).
 */
describe("spoken progress on /api/chat", () => {
  let h: Harness;
  let off: Harness;
  beforeAll(async () => {
    h = await startHarness({ assist: true, tools: testTools().tools });
    off = await startHarness({
      assist: true,
      tools: testTools().tools,
      env: { CYRENE_ASSIST_SPOKEN_PROGRESS: "false" },
    });
  });
  afterAll(async () => {
    await h.close();
    await off.close();
  });
  afterEach(() => {
    expect(h.llm.pending).toBe(0);
    h.llm.reset();
    off.llm.reset();
  });

  it("gives HA's agent a line past HA's 60 characters while the call runs, then the answer; HA's resend continues without it", async () => {
    h.llm.script(SLOW, { text: ANSWER });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("Sleep a little")]));
    const contents = reply.lines.map((line) => line.message.content ?? "").filter(Boolean);
    expect(contents[0]!.trim()).toBe(LINE);
    expect([...contents[0]!].length).toBeGreaterThan(STREAM_RESPONSE_CHARS);
    expect(contents.slice(1).join("")).toBe(ANSWER);
    // Not what the model said: the second round has no trace of it, nor does the stored turn.
    expect(JSON.stringify(h.llm.requests[1]!.body.messages)).not.toContain(LINE);

    h.llm.script((request) => {
      const history = request.body.messages.filter((m) => m.role !== "system");
      expect(JSON.stringify(history)).not.toContain(LINE);
      expect(history.filter((m) => m.role === "assistant").at(-1)).toMatchObject({ content: ANSWER });
      return { text: "Again?" };
    });
    const next = await postChat(
      h.ollamaUrl,
      haChatBody([user("Sleep a little"), assistant(reply.text), user("Once more")]),
    );
    expect(next.text).toBe("Again?");
  });

  it("gives other Ollama clients and /v1 no line", async () => {
    h.llm.script(SLOW, { text: ANSWER });
    const client = await postChat(h.ollamaUrl, {
      model: "cyrene:latest",
      messages: [{ role: "user", content: "Sleep a little" }],
    });
    expect(client.text).toBe(ANSWER);

    h.llm.script(SLOW, { text: ANSWER });
    const res = await fetch(`${h.ollamaUrl}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "cyrene",
        stream: true,
        messages: [{ role: "user", content: "Sleep a little" }],
      }),
    });
    const sse = await res.text();
    expect(sse).toContain("Done, it");
    expect(sse).not.toContain("Working");
  });

  it("says nothing of its own with assist_spoken_progress off", async () => {
    off.llm.script(SLOW, { text: ANSWER });
    const reply = await postChat(off.ollamaUrl, haChatBody([user("Sleep a little")]));
    expect(reply.text).toBe(ANSWER);
    expect(off.llm.pending).toBe(0);
  });
});
