/**
 * What Cyrene's OpenAI-compatible API adds to a turn: the same two-round turn (one tool call, then an
 * answer) by a bare `openai` SDK client talking to the scripted server directly, and by the same SDK
 * client talking to Cyrene's /v1/chat/completions (every built-in tool registered) in front of that
 * server, interleaved so drift hits both alike.
 */
import OpenAI from "openai";
import { startHarness } from "../test/support/harness.js";
import { addScript, addTool, bareSdkTurn } from "./bare-sdk.js";
import { ms, printTable, summarize } from "./stats.js";

export async function benchOpenAiOverhead(iterations: number): Promise<void> {
  const harness = await startHarness({ tools: [addTool], env: { CYRENE_LOG_LEVEL: "silent" } });
  try {
    harness.llm.setFallback(addScript);
    const direct = new OpenAI({ baseURL: harness.llm.baseUrl, apiKey: "k", maxRetries: 0 });
    const viaCyrene = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: "k", maxRetries: 0 });
    const bare = bareSdkTurn(direct);
    const cyrene = async () => {
      const stream = await viaCyrene.chat.completions.create({
        model: "cyrene",
        messages: [{ role: "user", content: "20+22?" }],
        stream: true,
      });
      let content = "";
      for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? "";
      return content;
    };

    const samples = { bare: [] as number[], cyrene: [] as number[] };
    const cpu = { bare: 0, cyrene: 0 };
    for (let i = 0; i < iterations + 50; i++) {
      for (const [name, run] of [
        ["bare", bare],
        ["cyrene", cyrene],
      ] as const) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        await run();
        if (i < 50) continue;
        samples[name].push(performance.now() - started);
        const used = process.cpuUsage(cpuStarted);
        cpu[name] += (used.user + used.system) / 1000;
      }
    }
    const base = summarize(samples.bare);
    const via = summarize(samples.cyrene);
    printTable(
      `A two-round turn by an openai SDK client: directly to the scripted server, and through Cyrene's /v1 ` +
        `(${harness.cyrene.registry.names().length} tools registered); ${iterations} turns each, interleaved`,
      ["client path", "mean ms", "p50 ms", "p99 ms", "CPU ms/turn (whole process)"],
      [
        ["bare SDK → scripted LLM", ms(base.mean), ms(base.p50), ms(base.p99), ms(cpu.bare / iterations)],
        [
          "SDK → Cyrene /v1 → scripted LLM",
          ms(via.mean),
          ms(via.p50),
          ms(via.p99),
          ms(cpu.cyrene / iterations),
        ],
      ],
    );
    console.log(
      `\n/v1 adds ${ms(via.p50 - base.p50)} ms p50 per two-round turn (target ≤ 3 ms); ` +
        `CPU ${ms((cpu.cyrene - cpu.bare) / iterations)} ms per turn.`,
    );
  } finally {
    await harness.close();
  }
}
