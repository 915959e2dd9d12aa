import { describe, expect, it } from "vitest";
import { AI_TASK_PROMPT, instructionsOf, isAiTaskPrompt } from "../../../src/http/ha-prompt.js";
import { parseChat } from "../../../src/assist/ollama/request.js";
import { HA_INSTRUCTIONS, haSystemPrompt } from "./ha-client.js";

// Captured from the real ollama 0.5.1 client as HA 2026.2 calls it (see the research notes).
const captured = {
  model: "cyrene:latest",
  stream: true,
  options: { num_ctx: 8192 },
  format: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
  keep_alive: "-1s",
  messages: [
    { role: "system", content: "SYS" },
    { role: "user", content: "hi" },
    { role: "assistant", tool_calls: [{ function: { name: "HassTurnOn", arguments: { name: "lamp" } } }] },
    { role: "tool", content: '{"success": true}' },
  ],
  tools: [
    {
      type: "function",
      function: {
        name: "HassTurnOn",
        description: "Turn on",
        parameters: {
          type: "object",
          required: [],
          properties: { name: { type: "string" }, brightness: { type: "integer" } },
        },
      },
    },
  ],
};

describe("parseChat", () => {
  it("reads HA's request with tool results: the results in order, the history up to the calls", () => {
    const request = parseChat(captured);
    expect(request).toMatchObject({
      model: "cyrene:latest",
      stream: true,
      purpose: "ai_task",
      instructions: "SYS",
      output: { type: "json_schema", schema: captured.format },
      clientTools: [
        { name: "HassTurnOn", description: "Turn on", parameters: captured.tools[0]!.function.parameters },
      ],
      prior: [
        { role: "user", content: "hi" },
        { role: "assistant", content: "" },
      ],
      last: { kind: "tool_results", results: ['{"success": true}'] },
    });
  });

  it("takes a conversation turn from HA's system prompt, and maps Ollama's sampling options", () => {
    const request = parseChat({
      model: "cyrene",
      messages: [
        { role: "system", content: haSystemPrompt() },
        { role: "user", content: "开灯", images: ["aGVsbG8="] },
      ],
      options: { num_ctx: 8192.0, temperature: 0.2, num_predict: 100, top_k: 40, stop: ["\n\n"] },
      think: false,
      keep_alive: -1,
    });
    expect(request.purpose).toBe("conversation");
    expect(request.stream).toBe(true);
    expect(request.params).toEqual({ temperature: 0.2, max_tokens: 100, stop: ["\n\n"] });
    expect(request.instructions).toContain(HA_INSTRUCTIONS.trim());
    expect(request.instructions).toMatch(/attached 1 image/);
    expect(request.last).toEqual({ kind: "user", text: "开灯" });
  });

  it("knows HA 2026.11's request, which has no clock line (the Assist API's date tool) and keep_alive -1", () => {
    // homeassistant/components/ollama/entity.py (2026.11): keep_alive is the number -1 for "forever",
    // its default; the Assist API always gives llm__GetDateTime, so HA adds no clock line.
    const request = parseChat({
      model: "cyrene:latest",
      messages: [
        {
          role: "system",
          content: `${HA_INSTRUCTIONS}When controlling Home Assistant always call the intent tools.`,
        },
        { role: "user", content: "开灯" },
      ],
      options: { num_ctx: 8192 },
      keep_alive: -1,
      stream: true,
    });
    expect(request.fromHa).toBe(true);
    expect(request.purpose).toBe("conversation");
    // Any other client sending keep_alive -1 without HA's num_ctx stays a client.
    const other = parseChat({ model: "cyrene", messages: [{ role: "user", content: "hi" }], keep_alive: -1 });
    expect(other.purpose).toBe("client");
  });

  it("refuses bad tool names and an unknown format string with a plain reason", () => {
    const badTool = { ...captured, tools: [{ type: "function", function: { name: "turn on!" } }] };
    expect(() => parseChat(badTool)).toThrow(/tool names are 1–64 letters/);
    expect(() => parseChat({ ...captured, format: "xml" })).toThrow(/format must be "json" or a JSON schema/);
  });
});

describe("HA's system prompt", () => {
  it("loses only its clock line, wherever it stands", () => {
    expect(instructionsOf(haSystemPrompt("23:59:59", "Extra words."))).toBe(
      `${HA_INSTRUCTIONS}\nExtra words.`,
    );
    expect(instructionsOf("Current time is 7:05:00. Today's date is 2026-02-20.")).toBeUndefined();
    expect(instructionsOf("Say the current time is late.")).toBe("Say the current time is late.");
  });

  it("puts the Assist API's room line first, where a long home overview cannot push it past the cut", () => {
    // HA 2026.11: the tool platforms' prompts in domain order, homeassistant's overview before intent's room.
    const overview = `Static Context: An overview of the areas and the devices in this smart home:\n${"- names: Lamp\n".repeat(3)}`;
    const room =
      "You are in area 卧室 and all generic commands like 'turn on the lights' should target this area.";
    expect(
      instructionsOf(
        `${HA_INSTRUCTIONS}${overview}\nWhen controlling Home Assistant always call the intent tools.\n${room}\n`,
      ),
    ).toBe(
      `${room}\n${HA_INSTRUCTIONS}${overview}\nWhen controlling Home Assistant always call the intent tools.`,
    );
  });

  it("tells AI Task prompts from conversation prompts", () => {
    expect(isAiTaskPrompt(`${AI_TASK_PROMPT}\nCurrent time is 08:00:00. Today's date is 2026-02-20.`)).toBe(
      true,
    );
    expect(isAiTaskPrompt(haSystemPrompt())).toBe(false);
  });
});
