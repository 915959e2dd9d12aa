/**
 * What Cyrene's OpenAI-compatible API adds to a turn: the same two-round turn (one tool call, then an
 * answer) by a bare `openai` SDK client talking to the scripted server directly, and by the same SDK
 * client talking to Cyrene's /v1/chat/completions (every built-in tool registered) in front of that
 * server, interleaved so drift hits both alike. Twice: with the scripted server in this process (its
 * work on the larger requests counts against Cyrene), and in a process of its own, as a real LLM is.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import OpenAI from "openai";
import { startHarness } from "../test/support/harness.js";
import { addScript, addTool, bareSdkTurn } from "./bare-sdk.js";
import { ms, printTable, summarize } from "./stats.js";

export async function benchOpenAiOverhead(iterations: number): Promise<void> {
  const rows: (string | number)[][] = [];
  const added: string[] = [];
  let tools = 0;
  for (const layout of ["in this process", "in its own process"] as const) {
    const llm = layout === "in this process" ? undefined : await startLlmProcess();
    const harness = await startHarness({
      tools: [addTool],
      env: { CYRENE_LOG_LEVEL: "silent", ...(llm ? { CYRENE_LLM_BASE_URL: llm.baseUrl } : {}) },
    });
    try {
      harness.llm.setFallback(addScript);
      tools = harness.cyrene.registry.names().length;
      const result = await interleave(llm?.baseUrl ?? harness.llm.baseUrl, `${harness.url}/v1`, iterations);
      const { bare, cyrene } = result;
      rows.push(
        [`bare SDK → LLM ${layout}`, ms(bare.mean), ms(bare.p50), ms(bare.p99), ms(result.cpu.bare)],
        [
          `SDK → Cyrene /v1 → LLM ${layout}`,
          ms(cyrene.mean),
          ms(cyrene.p50),
          ms(cyrene.p99),
          ms(result.cpu.cyrene),
        ],
      );
      added.push(
        `scripted LLM ${layout}: /v1 adds ${ms(cyrene.p50 - bare.p50)} ms p50 per two-round turn, ` +
          `CPU ${ms(result.cpu.cyrene - result.cpu.bare)} ms (this process)`,
      );
    } finally {
      await harness.close();
      llm?.stop();
    }
  }
  printTable(
    `A two-round turn by an openai SDK client: directly to the scripted LLM, and through Cyrene's /v1 ` +
      `(${tools} tools registered); ${iterations} turns each, interleaved`,
    ["client path", "mean ms", "p50 ms", "p99 ms", "CPU ms/turn (this process)"],
    rows,
  );
  console.log(`\n${added.join("\n")}\n(target ≤ 3 ms)`);
}

async function interleave(llmUrl: string, cyreneUrl: string, iterations: number) {
  const direct = new OpenAI({ baseURL: llmUrl, apiKey: "k", maxRetries: 0 });
  const viaCyrene = new OpenAI({ baseURL: cyreneUrl, apiKey: "k", maxRetries: 0 });
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
  return {
    bare: summarize(samples.bare),
    cyrene: summarize(samples.cyrene),
    cpu: { bare: cpu.bare / iterations, cyrene: cpu.cyrene / iterations },
  };
}

async function startLlmProcess(): Promise<{ baseUrl: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/scripted-llm-process.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const [baseUrl] = (await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(() => {
      throw new Error("the scripted LLM process exited before it listened");
    }),
  ])) as [string];
  return { baseUrl, stop: () => child.kill() };
}
