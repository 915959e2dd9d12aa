import { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import { benchHa } from "./ha.js";
import { benchLoop } from "./loop.js";

const iterations = Number(process.env.BENCH_ITERATIONS ?? 400);
const llm = await ScriptedLlm.start();
try {
  console.log(`Cyrene benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
  await benchLoop(llm, iterations);
  await benchHa();
  const memory = process.memoryUsage();
  console.log(
    `\nMemory after the runs: rss ${(memory.rss / 2 ** 20).toFixed(1)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(1)} MiB`,
  );
} finally {
  await llm.close();
}
