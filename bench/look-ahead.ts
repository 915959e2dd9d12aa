/**
 * The cost of reading every streamed reply through the ContentStream (the look-ahead that holds back
 * `<think>` blocks and tool calls written as text) against plain concatenation, per reply, on the
 * replies it sees: a plain answer, an answer with a `<think>` block, and a Hermes call.
 */
import { ContentStream } from "../src/llm/content-stream.js";
import { printTable, summarize } from "./stats.js";

const ANSWER =
  "The living room light is on and the kitchen is dark. 客厅灯开着，厨房的灯关着。" +
  "Do you want me to turn the kitchen light on as well? I can also dim the living room to 30%.";
const REPLIES = {
  "plain answer (~170 chars)": ANSWER,
  "<think> block + answer": `<think>The user asks about the lights; I read the states first.</think>\n\n${ANSWER}`,
  "Hermes <tool_call>": `<tool_call>\n{"name": "iot_control", "arguments": {"service": "light.turn_on", "target": "卧室的灯"}}\n</tool_call>`,
};
const offered = new Set(["iot_control", "iot_query"]);

function piecesOf(text: string, size = 4): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}

export function benchLookAhead(iterations = 20_000): void {
  const rows = Object.entries(REPLIES).map(([label, text]) => {
    const pieces = piecesOf(text);
    const time = (run: () => void) => {
      const samples: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        run();
        samples.push(performance.now() - started);
      }
      return summarize(samples.slice(iterations / 10));
    };
    let sink = 0;
    const plain = time(() => {
      let content = "";
      for (const piece of pieces) content += piece;
      sink += content.length;
    });
    const stream = time(() => {
      const split = new ContentStream(offered, (t) => (sink += t.length));
      for (const piece of pieces) split.push(piece);
      sink += split.finish(false).calls.length;
    });
    const us = (value: number) => (value * 1000).toFixed(1);
    return [
      label,
      String(pieces.length),
      us(plain.mean),
      us(stream.mean),
      us(stream.p99),
      us(stream.mean - plain.mean),
    ];
  });
  printTable(
    `Look-ahead over streamed content, per reply (4-character deltas, ${iterations} replies each)`,
    ["reply", "deltas", "concat mean µs", "ContentStream mean µs", "p99 µs", "extra µs per reply"],
    rows,
  );
}
