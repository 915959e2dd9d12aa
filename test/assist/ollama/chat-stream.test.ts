import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SPOKEN_STYLE } from "../../../src/agent/spoken.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { assistant, HA_INSTRUCTIONS, haChatBody, haSystemPrompt, postChat, user } from "./ha-client.js";

/** /api/chat as HA's Ollama integration reads it: NDJSON, `message.role` on every line, a body that ends. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

/** The system messages of an LLM request that are not Cyrene's own prompt: the turn's note. */
const noteOf = (index = 0) => {
  const messages = h.llm.requests[index]!.body.messages;
  return messages.filter((m) => m.role === "system").at(-1)!.content as string;
};

describe("POST /api/chat, streamed", () => {
  it("streams content deltas as NDJSON lines, each with role assistant, then a done line with counts", async () => {
    h.llm.script({ text: "The living room light is on now, and the kitchen is dark.", pieceSize: 5 });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("Is the light on?")]));
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/x-ndjson/);
    expect(reply.raw.endsWith("\n")).toBe(true);
    expect(reply.raw).not.toMatch(/\n\n/);
    expect(reply.lines.length).toBeGreaterThan(2);
    for (const line of reply.lines) {
      expect(line.message.role).toBe("assistant");
      expect(line.model).toBe("cyrene:latest");
      expect(Number.isNaN(Date.parse(line.created_at!))).toBe(false);
    }
    expect(reply.lines.slice(0, -1).every((line) => line.done === false && line.message.content)).toBe(true);
    expect(reply.lines.at(-1)).toMatchObject({
      done: true,
      done_reason: "stop",
      message: { role: "assistant", content: "" },
      prompt_eval_count: expect.any(Number),
      eval_count: expect.any(Number),
      total_duration: expect.any(Number),
    });
    expect(reply.text).toBe("The living room light is on now, and the kitchen is dark.");
  });

  it("takes Markdown, emoji and links out of what HA will speak, while streaming", async () => {
    h.llm.script({
      text: "**Done!** 🎉 The lamp is on.\n\n- brightness: 60%\n- see https://example.com/lamp for more.",
      pieceSize: 4,
    });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("What about the lamp?")]));
    expect(reply.text).not.toMatch(/[*🎉]|https?:|^- /mu);
    expect(reply.text.replace(/\s+/g, " ")).toBe("Done! The lamp is on. brightness: 60% see for more.");
    // More than one content line: speech can start before the answer is complete.
    expect(reply.lines.filter((line) => line.message.content).length).toBeGreaterThan(1);
  });

  it("passes HA's system prompt on as instructions, without its clock line, and asks for a spoken answer", async () => {
    h.llm.script({ text: "Hi." });
    const extra = "The user just came home; greet them.";
    await postChat(h.ollamaUrl, {
      ...haChatBody([user("hello")]),
      messages: [
        { role: "system", content: haSystemPrompt("09:15:02", extra) },
        { role: "user", content: "hello" },
      ],
    });
    const note = noteOf();
    expect(note).toContain(HA_INSTRUCTIONS.trim());
    expect(note).toContain(extra);
    expect(note).not.toMatch(/Current time is|Today's date is/);
    expect(note).toContain(SPOKEN_STYLE);
    expect(h.llm.requests[0]!.body.messages.at(-1)).toEqual({ role: "user", content: "hello" });
  });

  it("accepts keep_alive, num_ctx and think as HA's subentry form sends them (floats), and ignores them", async () => {
    h.llm.script({ text: "Fine." });
    const body = JSON.stringify(haChatBody([user("how are you?")]))
      .replace('"num_ctx":8192', '"num_ctx":8192.0')
      .replace('"keep_alive":"-1s"', '"keep_alive":"-1.0s"');
    expect(body).toContain('"num_ctx":8192.0');
    const reply = await postChat(h.ollamaUrl, body);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe("Fine.");
    expect(h.llm.requests[0]!.body.tools?.map((t) => t.function.name)).not.toContain("HassTurnOn");
  });

  it("streams when `stream` is left out, as Ollama does, and answers one object for stream: false", async () => {
    h.llm.script({ text: "One." }, { text: "**Two.** 🙂" });
    const { stream: _omitted, ...rest } = haChatBody([user("count")]);
    const streamed = await postChat(h.ollamaUrl, rest);
    expect(streamed.contentType).toMatch(/x-ndjson/);
    expect(streamed.text).toBe("One.");

    const whole = await postChat(h.ollamaUrl, haChatBody([user("count again")], { stream: false }));
    expect(whole.contentType).toMatch(/^application\/json/);
    expect(whole.lines).toEqual([
      expect.objectContaining({
        model: "cyrene:latest",
        message: { role: "assistant", content: "Two." },
        done: true,
        done_reason: "stop",
      }),
    ]);
  });

  it("answers a request without messages (a model load) at once, without asking the LLM", async () => {
    const reply = await postChat(h.ollamaUrl, { model: "cyrene:latest", messages: [] });
    expect(reply.lines).toEqual([expect.objectContaining({ done: true, done_reason: "load" })]);
    expect(h.llm.requests).toHaveLength(0);
  });

  it("refuses another model, an empty user message and a history that ends with the assistant", async () => {
    const other = await postChat(h.ollamaUrl, haChatBody([user("hi")], { model: "llama3:8b" }));
    expect(other.status).toBe(404);
    expect(other.lines[0]).toEqual({
      error: 'model "llama3:8b" not found: Cyrene serves one model, cyrene:latest.',
    });
    const empty = await postChat(h.ollamaUrl, haChatBody([user("  ")]));
    expect(empty.status).toBe(400);
    expect(empty.lines[0]).toEqual({ error: "The user message is empty." });
    const ended = await postChat(
      h.ollamaUrl,
      haChatBody([user("hi"), { role: "assistant", content: "Hello" }]),
    );
    expect(ended.status).toBe(400);
    expect(h.llm.requests).toHaveLength(0);
  });
});

/**
 * Reasoning never reaches what Home Assistant speaks: not from the model (a `<think>` block, DeepSeek's
 * `reasoning_content`, Ollama's `reasoning`), and not from HA's own history (its messages' `thinking`).
 */
describe("reasoning and Home Assistant's Ollama route", () => {
  it("a <think> block and reasoning deltas are neither streamed nor spoken", async () => {
    h.llm.script({
      reasoning: "The user greets me.",
      reasoningField: "reasoning",
      textPieces: ["<th", "ink>用户在打招呼，", "我应该简短回答。</thi", "nk>\n你好！", "有什么可以帮你？"],
    });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("你好")], { think: true }));
    expect(reply.text).toBe("你好！有什么可以帮你？");
    expect(reply.raw).not.toMatch(/think|打招呼|greets|reasoning|thinking/);
  });

  it("HA's history with `thinking` on its messages is not passed on to the model", async () => {
    h.llm.script({ text: "好的。" });
    const earlier = { ...assistant("在的。"), thinking: "secret chain of thought" };
    await postChat(h.ollamaUrl, haChatBody([user("在吗"), earlier, user("好")], { think: true }));
    expect(JSON.stringify(h.llm.requests[0]!.body)).not.toMatch(/secret chain|thinking/);
  });
});
