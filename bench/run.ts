import { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import { benchFootprint } from "./footprint.js";
import { benchHa } from "./ha.js";
import { benchHostileDocuments } from "./hostile-documents.js";
import { benchKnowledge } from "./knowledge.js";
import { benchLookAhead } from "./look-ahead.js";
import { benchLoop } from "./loop.js";
import { benchOllama } from "./ollama.js";
import { benchOpenAiOverhead } from "./openai-overhead.js";
import { benchReminders } from "./reminders.js";
import { benchResolveTargets } from "./resolve-targets.js";
import { benchToolTokens } from "./tool-tokens.js";
import { benchToolsPerTurn } from "./tools-per-turn.js";
import { benchVoice } from "./voice.js";
import { benchWyoming } from "./wyoming.js";
import { benchWyomingLimits } from "./wyoming-limits.js";

const iterations = Number(process.env.BENCH_ITERATIONS ?? 400);
const llm = await ScriptedLlm.start();
try {
  console.log(`Cyrene benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
  await benchToolTokens();
  await benchToolsPerTurn();
  await benchLoop(llm, iterations);
  benchLookAhead();
  await benchOpenAiOverhead(iterations);
  await benchOllama(iterations);
  await benchWyoming(iterations);
  await benchWyomingLimits();
  await benchVoice();
  await benchHa();
  benchResolveTargets();
  await benchReminders();
  await benchKnowledge();
  await benchHostileDocuments();
  const memory = process.memoryUsage();
  console.log(
    `\nMemory of the bench process after the runs: rss ${(memory.rss / 2 ** 20).toFixed(1)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(1)} MiB`,
  );
  await benchFootprint(llm);
} finally {
  await llm.close();
}
