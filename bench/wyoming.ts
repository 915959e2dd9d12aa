/**
 * What the Wyoming handle server adds to a voice turn: the same one-round turn through Cyrene's /v1 (an
 * HTTP client with a kept-alive connection) and through Wyoming as HA sends it (a new TCP connection
 * per utterance, a transcript, the handled answer), on the same scripted server, interleaved so drift
 * hits both alike. Also describe → info, which HA gives 1 s including the connect.
 */
import OpenAI from "openai";
import { utter, WyomingClient } from "../test/assist/wyoming/client.js";
import { startHarness } from "../test/support/harness.js";
import { ms, printTable, summarize } from "./stats.js";

const WARMUP = 50;

export async function benchWyoming(iterations: number): Promise<void> {
  const harness = await startHarness({ assist: true, env: { CYRENE_LOG_LEVEL: "silent" } });
  try {
    harness.llm.setFallback({ text: "好的，客厅灯已经打开了。The lamp is on.", pieceSize: 6 });
    const viaV1 = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: "k", maxRetries: 0 });
    const v1 = async () => {
      const stream = await viaV1.chat.completions.create({
        model: "cyrene",
        messages: [{ role: "user", content: "打开客厅灯" }],
        stream: true,
      });
      for await (const chunk of stream) void chunk;
    };
    let utterance = 0;
    // A conversation id per utterance, as /v1 gets a new conversation per request: equal histories.
    const wyoming = async () => {
      const answer = await utter(
        harness.wyomingPort,
        "打开客厅灯",
        `01JBENCH${String(utterance++).padStart(18, "0")}`,
      );
      if (answer.type !== "handled") throw new Error(`Wyoming answered ${JSON.stringify(answer)}`);
    };
    const describe = async () => {
      const client = await WyomingClient.connect(harness.wyomingPort);
      client.send({ type: "describe" });
      await client.next("info");
      client.close();
    };

    const runs = { v1, wyoming, describe };
    const samples: Record<keyof typeof runs, number[]> = { v1: [], wyoming: [], describe: [] };
    for (let i = 0; i < iterations + WARMUP; i++) {
      for (const name of Object.keys(runs) as (keyof typeof runs)[]) {
        const started = performance.now();
        await runs[name]();
        if (i >= WARMUP) samples[name].push(performance.now() - started);
      }
    }
    const [base, via, info] = [samples.v1, samples.wyoming, samples.describe].map(summarize);
    const row = (label: string, s: typeof base) => [label, ms(s!.mean), ms(s!.p50), ms(s!.p99)];
    printTable(
      `A one-round voice turn through Cyrene: /v1 against Wyoming, ${iterations} each, interleaved`,
      ["path", "mean ms", "p50 ms", "p99 ms"],
      [
        row("SDK → Cyrene /v1 (streamed) → scripted LLM", base),
        row("Wyoming transcript → Cyrene → scripted LLM (new connection)", via),
        row("Wyoming describe → info (new connection)", info),
      ],
    );
    const added = via!.p50 - base!.p50;
    console.log(
      `\nA turn through Wyoming ${added >= 0 ? "adds" : "saves"} ${ms(Math.abs(added))} ms p50 against /v1 ` +
        "(which also pays for the SDK's SSE parsing and the history match of a client without an id).",
    );
  } finally {
    await harness.close();
  }
}
