import { describe, expect, it } from "vitest";
import { SpeechStream, toSpeech } from "../../src/agent/spoken.js";

/** Streamed speech comes out as `toSpeech` of the whole answer, however the answer is cut. */
const TEXTS = [
  "你好，世界！ naïve **bold** and [the docs](https://example.com/docs) 🎉 ok.\n\n```js\nlet a = 1;\n```\nEnd.",
  "客厅灯已经打开。卧室灯也开了！ See ![a cat](https://x/cat.png) and `code` here.",
  "Lists:\n- one\n- two 🎉 three\n\n> quoted [link](http://a.b/c?d=e) end",
  "温度是 21°C，湿度 40%。明天会下雨吗？会的 🌧。",
];

describe("SpeechStream", () => {
  for (const [index, text] of TEXTS.entries()) {
    it(`gives what toSpeech gives, for any piece size (text ${index + 1})`, () => {
      for (const size of [1, 2, 3, 5, 8, 13, 1000]) {
        const stream = new SpeechStream();
        let out = "";
        for (let i = 0; i < text.length; i += size) out += stream.push(text.slice(i, i + size));
        out += stream.end();
        expect(out, `pieces of ${size}`).toBe(toSpeech(text));
      }
    });
  }
});
