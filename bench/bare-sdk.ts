/**
 * The yardstick of the loop benches: a hand-written two-round turn with the bare `openai` SDK (stream,
 * assemble the tool-call deltas, run `add`, ask again), and the scripted reply it runs against.
 */
import type OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { defineTool } from "../src/tools/define-tool.js";
import type { Step } from "../test/fixtures/scripted-llm/server.js";

const addSchema = z.object({ a: z.number(), b: z.number() });

export const addTool = defineTool({
  name: "add",
  description: "Adds two numbers.",
  parameters: addSchema,
  execute: ({ a, b }) => ({ sum: a + b }),
});

/** Calls `add` while the request offers tools, and answers in text once it saw the result. */
export const addScript: Step = (request) =>
  request.body.messages.at(-1)?.role === "tool"
    ? { text: "The sum is 42. 结果是四十二。", pieceSize: 6 }
    : { toolCalls: [{ name: "add", arguments: { a: 20, b: 22 } }], pieceSize: 6 };

/** One turn of the hand-written loop against `openai`'s server; answers the final text. */
export function bareSdkTurn(openai: OpenAI): () => Promise<string> {
  const tools = [{ type: "function" as const, function: addTool.definition() }];
  return async () => {
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "20+22?" }];
    for (;;) {
      const stream = await openai.chat.completions.create({
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
}
