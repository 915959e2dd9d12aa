import { describe, expect, it } from "vitest";
import { SpeechStream, toSpeech } from "../../src/agent/spoken.js";

describe("toSpeech", () => {
  it("takes Markdown, emoji and links out of what will be spoken", () => {
    const text = [
      "## 今天的天气 ☀️",
      "",
      "- **北京**：晴，25°C 😀",
      "- *上海*：小雨",
      "",
      "详情见 [天气网](https://weather.example.com/today) 或 https://example.org/x。",
      "`code` ok 👍🏽",
    ].join("\n");
    expect(toSpeech(text)).toBe("今天的天气\n北京：晴，25°C\n上海：小雨\n详情见 天气网 或 。\ncode ok");
  });

  it("leaves plain speech alone", () => {
    expect(toSpeech("The kitchen light is on, at 60%.")).toBe("The kitchen light is on, at 60%.");
    expect(toSpeech("2*3 is 6, and a_b stays")).toBe("2*3 is 6, and a_b stays");
  });
});

describe("SpeechStream", () => {
  it("cleans text that arrives in pieces, marks split across pieces included", () => {
    const stream = new SpeechStream();
    const pieces = ["The **kit", "chen** light ", "is on 💡. See https://ha.", "lan/x for ", "more."];
    const out = pieces.map((p) => stream.push(p)).join("") + stream.end();
    expect(out).toBe("The kitchen light is on . See for more.");
  });

  it("gives text out as soon as a word is complete", () => {
    const stream = new SpeechStream();
    expect(stream.push("Hello wor")).toBe("Hello");
    expect(stream.push("ld, how")).toBe(" world,");
    expect(stream.end()).toBe(" how");
  });
});

describe("SpeechStream with Chinese", () => {
  it("gives each clause out as it ends, without adding spaces", () => {
    const stream = new SpeechStream();
    const out = ["好的，**客厅", "灯**已经打开了。", "还要", "别的吗？"].map((p) => stream.push(p));
    expect(out).toEqual(["好的，", "客厅灯已经打开了。", "", "还要别的吗？"]);
    expect(stream.end()).toBe("");
  });
});

/**
 * HA keeps the microphone open after a reply that ends with "?" or "？" (ChatLog.continue_conversation),
 * so the person can answer a confirmation or "which one?" without the wake word: cleaning a question
 * for speech never moves its mark from the end, whole or in pieces.
 */
describe("a question stays a question", () => {
  const questions = [
    ["要解锁**入户门锁**吗？🔓", "要解锁入户门锁吗？"],
    ["要我打开车库门吗？~", "要我打开车库门吗？"],
    [
      "你说的是哪一盏灯：\n- 卧室台灯\n- 书房台灯\n\n是哪一个？",
      "你说的是哪一盏灯：\n卧室台灯\n书房台灯\n是哪一个？",
    ],
    ["Should I unlock the **front door**? 🔑", "Should I unlock the front door?"],
    ["*Which lamp do you mean?*", "Which lamp do you mean?"],
    ["Which one: `light.bedroom` or `light.desk`?\n\n---", "Which one: light.bedroom or light.desk?"],
    ["Open [the garage door](https://ha.lan/cover)?\n\n***\n", "Open the garage door?"],
  ];
  it.each(questions)("%j ends with its question mark", (text, spoken) => {
    expect(toSpeech(text)).toBe(spoken);
    for (const size of [1, 2, 3, 5, 8]) {
      const stream = new SpeechStream();
      let out = "";
      for (let i = 0; i < text.length; i += size) out += stream.push(text.slice(i, i + size));
      expect((out + stream.end()).trim()).toMatch(/[?？]$/);
    }
  });
});
