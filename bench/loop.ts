/**
 * The tool loop's own cost: the same two-round turn (one tool call, then an answer) through a
 * hand-written bare `openai` SDK loop, through our ToolLoop, and through a whole Assistant turn
 * (with SQLite), against the same scripted server, interleaved so drift hits all alike.
 */
import OpenAI from "openai";
import { z } from "zod";
import { Assistant } from "../src/agent/assistant.js";
import { BackgroundJobs } from "../src/agent/background-jobs.js";
import { ToolLoop } from "../src/agent/tool-loop.js";
import { LlmClient } from "../src/llm/client.js";
import { silentLogger } from "../src/logging/logger.js";
import { ConversationStore } from "../src/store/conversations.js";
import { openDatabase } from "../src/store/database.js";
import { JobStore } from "../src/store/jobs.js";
import { TurnStore } from "../src/store/turns.js";
import { defineTool } from "../src/tools/define-tool.js";
import { allowAllTools } from "../src/tools/policy.js";
import { ToolRegistry } from "../src/tools/registry.js";
import type { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import { testTurn } from "../test/support/turn-context.js";
import { addScript, addTool, bareSdkTurn } from "./bare-sdk.js";
import { ms, printTable, summarize } from "./stats.js";
import { createHomeTime } from "../src/time/home-time.js";

const sleep = defineTool({
  name: "sleep",
  description: "Waits.",
  parameters: z.object({ ms: z.number() }),
  execute: ({ ms }) => new Promise((resolve) => setTimeout(() => resolve({ slept: ms }), ms)),
});

export async function benchLoop(llm: ScriptedLlm, iterations: number): Promise<void> {
  llm.setFallback(addScript);
  const openai = new OpenAI({ baseURL: llm.baseUrl, apiKey: "k", maxRetries: 0 });
  const bare = bareSdkTurn(openai);

  const logger = silentLogger();
  const db = openDatabase(":memory:");
  const registry = new ToolRegistry().register(addTool, sleep);
  const client = new LlmClient({
    baseUrl: llm.baseUrl,
    apiKey: "k",
    model: "m",
    maxRetries: 0,
    requestTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
  });
  const jobs = new BackgroundJobs(new JobStore(db), logger, 16_000);
  const options = {
    maxRounds: 5,
    toolTimeoutMs: 8_000,
    backgroundTimeoutMs: 60_000,
    maxToolResultChars: 16_000,
  };
  const toolLoop = new ToolLoop(client, registry, jobs, logger, options);
  const conversations = new ConversationStore(db);
  const assistant = new Assistant(conversations, new TurnStore(db), jobs, toolLoop, logger, {
    time: createHomeTime({ zone: "UTC" }),
  });
  const conversationId = conversations.create("bench").id;
  const loop = () =>
    toolLoop.run({
      messages: [{ role: "user", content: "20+22?" }],
      turn: testTurn({ conversationId, policy: allowAllTools }),
      emit: () => {},
    });
  const turn = () => assistant.turn({ message: "20+22?", source: "bench", policy: allowAllTools }, () => {});

  const runners = { bare, loop, turn } as const;
  const samples: Record<keyof typeof runners, number[]> = { bare: [], loop: [], turn: [] };
  for (let i = 0; i < iterations + 50; i++) {
    for (const name of Object.keys(runners) as (keyof typeof runners)[]) {
      const started = performance.now();
      await runners[name]();
      if (i >= 50) samples[name].push(performance.now() - started);
    }
  }
  const base = summarize(samples.bare);
  const rows = (
    [
      ["bare openai SDK loop (hand-written)", samples.bare],
      ["Cyrene tool loop (ToolLoop)", samples.loop],
      ["Cyrene Assistant turn (+ SQLite history)", samples.turn],
    ] as const
  ).map(([label, values]) => {
    const s = summarize(values);
    return [label, ms(s.mean), ms(s.p50), ms(s.p99), (s.p50 / base.p50).toFixed(3) + "x"];
  });
  printTable(
    `One turn = 2 LLM rounds (tool call, then answer) against the scripted server; ${iterations} turns each, interleaved`,
    ["runner", "mean ms", "p50 ms", "p99 ms", "p50 vs bare"],
    rows,
  );
  const overhead = (summarize(samples.loop).p50 - base.p50) / 2;
  console.log(`\nLoop overhead per round (p50, loop - bare, / 2 rounds): ${(overhead * 1000).toFixed(0)} µs`);

  llm.setFallback((request) =>
    request.body.messages.at(-1)?.role === "tool"
      ? { text: "done" }
      : { toolCalls: [0, 1, 2].map(() => ({ name: "sleep", arguments: { ms: 200 } })) },
  );
  const parallel: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await loop();
    parallel.push(performance.now() - started);
  }
  const p = summarize(parallel);
  printTable(
    "A turn whose one round runs three 200 ms tools (10 turns)",
    ["measure", "mean ms", "p50 ms", "p99 ms"],
    [
      ["wall time of the turn", ms(p.mean), ms(p.p50), ms(p.p99)],
      ["if run one after another", "600+", "", ""],
    ],
  );
  llm.setFallback(undefined);
  db.close();
}
