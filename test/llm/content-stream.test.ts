import { describe, expect, it } from "vitest";
import { ContentStream } from "../../src/llm/content-stream.js";
import { parseTextToolCalls } from "../../src/llm/text-tool-calls.js";

const offered = new Set(["iot_control", "iot_query"]);

/** Feeds the text in pieces of `size` characters, as tokens arrive; answers what was shown and the split. */
function split(text: string, size = 1, structured = false) {
  const shown: string[] = [];
  const stream = new ContentStream(offered, (piece) => shown.push(piece));
  const chars = [...text];
  for (let i = 0; i < chars.length; i += size) stream.push(chars.slice(i, i + size).join(""));
  const result = stream.finish(structured);
  return { shown: shown.join(""), pieces: shown, ...result };
}

const LIGHT = { name: "iot_control", arguments: '{"service":"light.turn_on","target":"卧室的灯"}' };
const HERMES = `<tool_call>\n{"name": "iot_control", "arguments": {"service": "light.turn_on", "target": "卧室的灯"}}\n</tool_call>`;
const DEEPSEEK =
  "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>iot_control\n```json\n" +
  '{"service": "light.turn_on", "target": "卧室的灯"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';

describe("tool calls written as text", () => {
  for (const size of [1, 3, 8]) {
    it(`Hermes/Qwen <tool_call>, split every ${size} characters, is a call and shows nothing`, () => {
      const result = split(HERMES, size);
      expect(result.calls).toEqual([LIGHT]);
      expect(result.shown).toBe("");
    });

    it(`DeepSeek's markers, split every ${size} characters, are a call and show nothing`, () => {
      const result = split(DEEPSEEK, size);
      expect(result.calls).toEqual([LIGHT]);
      expect(result.shown).toBe("");
    });
  }

  it("several Hermes calls in one reply are all recognised", () => {
    const second = HERMES.replace("卧室的灯", "客厅的灯");
    const result = split(`${HERMES}\n${second}`, 5);
    expect(result.calls.map((c) => JSON.parse(c.arguments).target)).toEqual(["卧室的灯", "客厅的灯"]);
  });

  it("a Hermes call without its closing tag (Qwen stops at the end of the JSON) is a call", () => {
    expect(split(HERMES.replace("\n</tool_call>", ""), 4).calls).toEqual([LIGHT]);
  });

  it("Llama 3's <|python_tag|> call and its end token", () => {
    const text =
      '<|python_tag|>{"name": "iot_control", "parameters": {"service": "light.turn_on", "target": "卧室的灯"}}<|eom_id|>';
    expect(split(text, 2)).toMatchObject({ calls: [LIGHT], shown: "" });
  });

  it("Llama 3's bare JSON call, and several separated by ';'", () => {
    const one = '{"name": "iot_control", "parameters": {"service": "light.turn_on", "target": "卧室的灯"}}';
    expect(split(one, 3)).toMatchObject({ calls: [LIGHT], shown: "" });
    expect(split(`${one}; ${one}`, 3).calls).toEqual([LIGHT, LIGHT]);
  });

  it("Mistral's [TOOL_CALLS] array", () => {
    const text =
      '[TOOL_CALLS][{"name": "iot_control", "arguments": {"service": "light.turn_on", "target": "卧室的灯"}}]';
    expect(split(text, 3)).toMatchObject({ calls: [LIGHT], shown: "" });
    expect(split("[1] is the first footnote.", 2).shown).toBe("[1] is the first footnote.");
    expect(split(`Sure.${text}`, 4)).toMatchObject({ calls: [LIGHT], shown: "Sure." });
  });

  it("DeepSeek V3.1's shorter marker form", () => {
    const text =
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>iot_control<｜tool▁sep｜>{"service": "light.turn_on", "target": "卧室的灯"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    expect(split(text, 2).calls).toEqual([LIGHT]);
  });

  it("a call inside <think> is run when the reply is nothing else", () => {
    const result = split(`<think>The user wants light.\n${HERMES}</think>`, 3);
    expect(result).toMatchObject({ calls: [LIGHT], shown: "" });
  });

  it("a call inside <think> followed by an answer is not run: the reply is the answer", () => {
    const result = split(`<think>maybe ${HERMES}</think>I can't do that.`, 3);
    expect(result).toMatchObject({ calls: [], shown: "I can't do that." });
  });

  it("a sentence, then a call: the sentence is shown, the call is run, its markup is not shown", () => {
    const result = split(`好的，我来开灯。\n${HERMES}`, 3);
    expect(result.calls).toEqual([LIGHT]);
    expect(result.shown).toBe("好的，我来开灯。\n");
  });

  it("only offered tools: a call of any other tool is text, shown at the end", () => {
    const text = HERMES.replace("iot_control", "get_weather");
    expect(split(text, 4)).toMatchObject({ calls: [], shown: text });
  });

  it("a JSON answer that is no call is shown whole, once", () => {
    const text = '{"name": "Alice", "age": 3}';
    expect(split(text, 2)).toMatchObject({ calls: [], shown: text });
  });

  it("a reply that mentions a tag is shown as it is", () => {
    const text = "Hermes models write <tool_call> before a call, and that is all.";
    expect(split(text, 3)).toMatchObject({ calls: [], shown: text });
  });

  it("with structured calls in the same response, call markup is neither run twice nor shown", () => {
    expect(split(HERMES, 4, true)).toMatchObject({ calls: [], shown: "" });
  });
});

describe("reasoning in the content", () => {
  it("a <think> block split across pieces never reaches the text", () => {
    const result = split("<think>用户想知道温度。</think>\n\n卧室现在 22 度。", 2);
    expect(result.shown).toBe("卧室现在 22 度。");
    expect(result.thinking).toBe("用户想知道温度。");
  });

  it("an unclosed <think> hides everything after it", () => {
    expect(split("<think>still thinking when the stream ended", 5)).toMatchObject({ shown: "", calls: [] });
  });

  it("a <think> in the middle of an answer is taken out", () => {
    expect(split("Hello <think>hmm</think>there.", 1).shown).toBe("Hello there.");
  });

  it("plain text streams as it comes: only a possible tag start is held back", () => {
    const result = split("The light is on. <b>ok</b>", 4);
    expect(result.pieces[0]).toBe("The ");
    expect(result.shown).toBe("The light is on. <b>ok</b>");
  });
});

describe("parseTextToolCalls", () => {
  it("refuses text around a call, and a call of a tool not offered", () => {
    expect(parseTextToolCalls(`Sure: ${HERMES}`, offered)).toBeUndefined();
    expect(parseTextToolCalls(`${HERMES} done`, offered)).toBeUndefined();
    expect(parseTextToolCalls(HERMES, new Set(["calculator"]))).toBeUndefined();
  });

  it("accepts arguments sent as a JSON string", () => {
    const text = '<tool_call>{"name": "iot_query", "arguments": "{\\"target\\": \\"卧室\\"}"}</tool_call>';
    expect(parseTextToolCalls(text, offered)).toEqual([
      { name: "iot_query", arguments: '{"target": "卧室"}' },
    ]);
  });
});
