import { describe, expect, it } from "vitest";
import { useScriptedLoop } from "./support/scripted-loop.js";

/**
 * Local models (Qwen, Hermes fine-tunes, Llama 3, DeepSeek behind a server without their tool parser)
 * write their tool calls into the content. Over the wire these arrive as content deltas cut anywhere,
 * mid-tag included: the scripted model sends them in 3-character pieces.
 */
const loop = useScriptedLoop();

const ARGS = { service: "light.turn_on", target: "卧室的灯" };
const args = JSON.stringify(ARGS);

const FORMATS = {
  "Hermes/Qwen <tool_call>": `<tool_call>\n{"name": "iot_control", "arguments": ${args}}\n</tool_call>`,
  "a call inside <think>": `<think>用户要开卧室的灯。\n<tool_call>\n{"name": "iot_control", "arguments": ${args}}\n</tool_call>\n</think>\n\n`,
  "Llama 3 <|python_tag|>": `<|python_tag|>{"name": "iot_control", "parameters": ${args}}<|eom_id|>`,
  "Llama 3 bare JSON": `{"name": "iot_control", "parameters": ${args}}`,
  "Mistral [TOOL_CALLS]": `[TOOL_CALLS][{"name": "iot_control", "arguments": ${args}}]`,
  "DeepSeek markers": `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>iot_control\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
};

describe("tool calls written as text", () => {
  for (const [format, text] of Object.entries(FORMATS)) {
    it(`${format}: is run, and nothing of it is shown, stored as text or spoken`, async () => {
      loop.llm.script({ text, pieceSize: 3 }, { text: "卧室的灯开了。" });
      const { final, texts, stored } = await loop.turn("打开卧室的灯");
      expect(loop.control.calls).toEqual([ARGS]);
      expect(texts.join("")).toBe("卧室的灯开了。");
      expect(final.text).toBe("卧室的灯开了。");
      // The call goes back to the model as a structured call with its result.
      const [call, result] = stored;
      expect(call).toMatchObject({
        role: "assistant",
        content: null,
        tool_calls: [{ function: { name: "iot_control", arguments: args } }],
      });
      expect(result).toMatchObject({
        role: "tool",
        tool_call_id: (call as { tool_calls: { id: string }[] }).tool_calls[0]!.id,
      });
      const sent = loop.llm.requests[1]!.body.messages;
      expect(JSON.stringify(sent)).not.toMatch(/tool_call>|python_tag|tool▁|<think>/);
    });
  }

  for (const reasoningField of ["reasoning_content", "reasoning"] as const) {
    it(`a call a server's reasoning parser left in ${reasoningField} runs when the reply is empty`, async () => {
      loop.llm.script(
        {
          reasoning: `The user wants light. ${FORMATS["Hermes/Qwen <tool_call>"]}`,
          reasoningField,
          pieceSize: 5,
        },
        { text: "开了。" },
      );
      const { texts } = await loop.turn("打开卧室的灯");
      expect(loop.control.calls).toEqual([ARGS]);
      expect(texts.join("")).toBe("开了。");
    });
  }

  it("several Hermes calls in one reply all run", async () => {
    const call = (target: string) =>
      `<tool_call>\n{"name": "iot_control", "arguments": {"service": "light.turn_off", "target": "${target}"}}\n</tool_call>`;
    loop.llm.script({ text: `${call("卧室")}\n${call("客厅")}`, pieceSize: 5 }, { text: "都关了。" });
    const { texts } = await loop.turn("关掉卧室和客厅的灯");
    expect(loop.control.calls.map((c) => c.target)).toEqual(["卧室", "客厅"]);
    expect(texts.join("")).toBe("都关了。");
  });

  it("a tag cut exactly between two deltas is still recognised", async () => {
    loop.llm.script(
      { textPieces: ["<tool", `_call>{"name": "iot_con`, `trol", "arguments": ${args}}</tool_`, "call>"] },
      { text: "ok" },
    );
    await loop.turn("打开卧室的灯");
    expect(loop.control.calls).toEqual([ARGS]);
  });

  it("a call of a tool that was not offered is not run: the model said it, so it is its answer", async () => {
    const text = `<tool_call>{"name": "get_weather", "arguments": {"city": "北京"}}</tool_call>`;
    loop.llm.script({ text, pieceSize: 4 });
    const { final } = await loop.turn("北京天气");
    expect(loop.control.calls).toEqual([]);
    expect(final.text).toBe(text);
  });

  it("an answer that is not a call streams as it comes", async () => {
    loop.llm.script({ text: "客厅灯现在是关着的，要我打开吗？", pieceSize: 3 });
    const { texts } = await loop.turn("客厅灯开着吗？");
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.join("")).toBe("客厅灯现在是关着的，要我打开吗？");
  });
});

describe("reasoning never reaches the user", () => {
  it("a <think> block in the content, cut mid-tag, is not shown, stored or resent", async () => {
    loop.llm.script(
      {
        textPieces: [
          "<thi",
          "nk>Let me check the ",
          "state.</th",
          "ink>\n\n",
          '{"name": "iot_query", "parameters": {}}',
        ],
      },
      { text: "<think>It is off.</think>The living room light is off." },
    );
    const { final, stored } = await loop.turn("Is the living room light on?");
    expect(final.text).toBe("The living room light is off.");
    expect(JSON.stringify(stored)).not.toMatch(/think|Let me check|It is off\./);
    expect(JSON.stringify(loop.llm.requests[1]!.body.messages)).not.toMatch(/think|Let me check/);
  });

  it("DeepSeek's reasoning_content is not shown, and is resent only on its tool-call message", async () => {
    loop.llm.script(
      { reasoning: "The user wants the light on.", toolCalls: [{ name: "iot_control", arguments: ARGS }] },
      { reasoning: "It worked.", text: "Done: the bedroom light is on." },
    );
    const { final, stored } = await loop.turn("turn on the bedroom light");
    expect(final.text).toBe("Done: the bedroom light is on.");
    expect(stored[0]).toMatchObject({ reasoning_content: "The user wants the light on." });
    expect(stored.at(-1)).toEqual({ role: "assistant", content: "Done: the bedroom light is on." });
  });

  it("Ollama's reasoning field (its thinking) is neither shown nor resent", async () => {
    loop.llm.script(
      {
        reasoning: "thinking about lights",
        reasoningField: "reasoning",
        toolCalls: [{ name: "iot_query", arguments: {} }],
      },
      { reasoning: "it is off", reasoningField: "reasoning", text: "It is off." },
    );
    const { final, stored } = await loop.turn("Is the light on?");
    expect(final.text).toBe("It is off.");
    expect(JSON.stringify(stored)).not.toMatch(/thinking about|it is off/);
    expect(JSON.stringify(loop.llm.requests[1]!.body.messages)).not.toMatch(/thinking about/);
  });
});
