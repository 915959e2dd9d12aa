import { z } from "zod";
import { ToolError } from "../../src/tools/contract.js";
import { defineTool } from "../../src/tools/define-tool.js";

/** Tools with controllable behaviour for exercising the loop. */
export function testTools() {
  const stats = { running: 0, maxRunning: 0, finished: 0, aborted: 0 };
  const sleep = defineTool({
    name: "sleep",
    description: "Waits for the given number of milliseconds, then answers with a label.",
    parameters: z.object({ ms: z.number().int().min(0), label: z.string().default("done") }),
    async execute({ ms, label }, ctx) {
      stats.running++;
      stats.maxRunning = Math.max(stats.maxRunning, stats.running);
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, ms);
          ctx.signal.addEventListener("abort", () => {
            clearTimeout(timer);
            stats.aborted++;
            reject(new Error("aborted"));
          });
        });
        stats.finished++;
        return { label, slept_ms: ms };
      } finally {
        stats.running--;
      }
    },
  });
  const add = defineTool({
    name: "add",
    description: "Adds two numbers.",
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => ({ sum: a + b }),
  });
  const explode = defineTool({
    name: "explode",
    description: "Always fails with an unexpected exception.",
    parameters: z.object({}),
    execute: () => {
      throw new TypeError("boom: something broke inside");
    },
  });
  const refuse = defineTool({
    name: "refuse",
    description: "Always fails with an expected, explained error.",
    parameters: z.object({}),
    execute: () => {
      throw new ToolError("The device is offline.");
    },
  });
  return { tools: [sleep, add, explode, refuse], stats };
}
