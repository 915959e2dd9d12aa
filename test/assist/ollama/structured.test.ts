import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SPOKEN_STYLE } from "../../../src/agent/spoken.js";
import { AI_TASK_PROMPT } from "../../../src/http/ha-prompt.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { postChat } from "./ha-client.js";

/**
 * HA's AI Task (`ai_task.generate_data`): with a `structure` HA sends `format` as a JSON schema and
 * json-decodes the streamed content, which must be the bare JSON; these answers are data, not speech.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

// As voluptuous_openapi converts a structure with text, number and select selectors.
const schema = {
  type: "object",
  properties: {
    name: { type: "string", description: "The name" },
    age: { type: "number", minimum: 0, maximum: 150 },
    link: { type: "string" },
    color: { type: "string", enum: ["red", "blue"] },
  },
  required: ["name", "link"],
};

const aiTaskBody = (instructions: string, extra: Record<string, unknown> = {}) => ({
  model: "cyrene:latest",
  stream: true,
  options: { num_ctx: 8192 },
  keep_alive: "-1s",
  messages: [
    { role: "system", content: `${AI_TASK_PROMPT}\nCurrent time is 08:00:00. Today's date is 2026-02-20.` },
    { role: "user", content: instructions },
  ],
  tools: [],
  ...extra,
});
const noteOf = (index: number) =>
  h.llm.requests[index]!.body.messages.filter((m) => m.role === "system").at(-1)!.content as string;

describe("AI Task requests", () => {
  it("answer a `format` schema with the bare JSON, fences taken off, untouched by the speech cleaning", async () => {
    const json = '{"name": "**Cyrene** 🎉", "age": 3, "link": "https://example.com/x", "color": "blue"}';
    h.llm.script({ text: "```json\n" + json + "\n```" });
    const reply = await postChat(h.ollamaUrl, aiTaskBody("Describe yourself.", { format: schema }));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual(JSON.parse(json));
    expect(reply.text).toBe(json);
    expect(reply.lines.every((line) => line.message.role === "assistant")).toBe(true);
    const note = noteOf(0);
    expect(note).toContain('"required":["name","link"]');
    expect(note).not.toContain(SPOKEN_STYLE);
  });

  it("ask the LLM once more when its answer does not match the schema", async () => {
    h.llm.script({ text: '{"name": "x"}' }, { text: '{"name": "x", "link": "y"}' });
    const reply = await postChat(h.ollamaUrl, aiTaskBody("Describe yourself.", { format: schema }));
    expect(JSON.parse(reply.text)).toEqual({ name: "x", link: "y" });
    expect(JSON.stringify(h.llm.requests[1]!.body.messages.at(-1))).toMatch(/cannot be used/);
  });

  it("answer nothing when the JSON never comes, which HA reports as an error, not as data", async () => {
    h.llm.script({ text: "no JSON here" }, { text: "still none" });
    const streamed = await postChat(h.ollamaUrl, aiTaskBody("Describe yourself.", { format: schema }));
    expect(streamed.text).toBe("");
    expect(streamed.lines.at(-1)).toMatchObject({ done: true, done_reason: "error" });
    h.llm.script({ text: "no JSON here" }, { text: "still none" });
    const whole = await postChat(
      h.ollamaUrl,
      aiTaskBody("Describe yourself.", { format: schema, stream: false }),
    );
    expect(whole.status).toBe(502);
    expect(whole.lines[0]!.error).toMatch(/not the JSON asked for/);
  });

  it('take format "json" as any JSON object', async () => {
    h.llm.script({ text: '{"ok": true}' });
    const reply = await postChat(h.ollamaUrl, aiTaskBody("Say ok.", { format: "json" }));
    expect(reply.text).toBe('{"ok": true}');
    expect(noteOf(0)).toMatch(/one JSON object only/);
    const bad = await postChat(h.ollamaUrl, aiTaskBody("Say ok.", { format: "yaml" }));
    expect(bad.status).toBe(400);
  });

  it("answer a task without structure as text with its Markdown kept, not as speech", async () => {
    h.llm.script({ text: "**Summary:** all lights are off. See https://example.com/log" });
    const reply = await postChat(h.ollamaUrl, aiTaskBody("Summarize the house."));
    expect(reply.text).toBe("**Summary:** all lights are off. See https://example.com/log");
    expect(noteOf(0)).not.toContain(SPOKEN_STYLE);
    expect(noteOf(0)).toContain(AI_TASK_PROMPT);
  });
});
