/**
 * What Cyrene's OpenAI-compatible API adds to a turn: the same two-round turn (one tool call, then an
 * answer) by a bare `openai` SDK client talking to the scripted server directly, and by the same SDK
 * client talking to Cyrene's /v1/chat/completions (every built-in tool registered) in front of that
 * server, interleaved so drift hits both alike.
 */
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { defineTool } from "../src/tools/define-tool.js";
import { startHarness } from "../test/support/harness.js";
import { ms, printTable, summarize } from "./stats.js";

const addSchema = z.object({ a: z.number(), b: z.number() });
const add = defineTool({
  name: "add",
  description: "Adds two numbers.",
  parameters: addSchema,
  execute: ({ a, b }) => ({ sum: a + b }),
});

export async function benchOpenAiOverhead(iterations: number): Promise<void> {
  const harness = await startHarness({ tools: [add], env: { CYRENE_LOG_LEVEL: "silent" } });
  try {
    harness.llm.setFallback((request) =>
      request.body.messages.at(-1)?.role === "tool"
        ? { text: "The sum is 42. 结果是四十二。", pieceSize: 6 }
        : { toolCalls: [{ name: "add", arguments: { a: 20, b: 22 } }], pieceSize: 6 },
    );
    const direct = new OpenAI({ baseURL: harness.llm.baseUrl, apiKey: "k", maxRetries: 0 });
    const viaCyrene = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: "k", maxRetries: 0 });
    const tools = [{ type: "function" as const, function: add.definition() }];

    const bare = async () => {
      const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "20+22?" }];
      for (;;) {
        const stream = await direct.chat.completions.create({
          model: "m",
          messages,
          tools,
          tool_choice: "auto",
          stream: true,
        });
        let content = "";
        const calls: { id: string; name: string; arguments: string }[] = [];
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.content) content += delta.content;
          for (const piece of delta?.tool_calls ?? []) {
            const call = (calls[piece.index] ??= { id: "", name: "", arguments: "" });
            if (piece.id) call.id = piece.id;
            if (piece.function?.name) call.name = piece.function.name;
            if (piece.function?.arguments) call.arguments += piece.function.arguments;
          }
        }
        if (calls.length === 0) return content;
        messages.push({
          role: "assistant",
          content: content || null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: "function",
            function: { name: c.name, arguments: c.arguments },
          })),
        });
        for (const call of calls) {
          const { a, b } = addSchema.parse(JSON.parse(call.arguments));
          messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ sum: a + b }) });
        }
      }
    };
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
