import { randomBytes } from "node:crypto";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import { UNNAMED_TOOL } from "../tools/contract.js";
import { LlmError } from "./errors.js";
import type { LlmResponse, LlmUsage } from "./messages.js";

/** Accumulates streamed deltas: text, reasoning, and tool calls whose pieces arrive by index. */
export class ResponseAssembler {
  private content = "";
  private reasoning = "";
  private readonly calls: { id: string; name: string; arguments: string }[] = [];
  private finishReason: string | null = null;
  private usage: LlmResponse["usage"];
  /** When the first visible piece (text or a tool call) arrived. */
  firstOutputAt: number | undefined;

  constructor(private readonly onText?: (text: string) => void) {}

  add(chunk: ChatCompletionChunk): void {
    if (chunk.usage) this.usage = usageOf(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) return;
    const delta = choice.delta as ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null };
    if (delta.content) {
      this.firstOutputAt ??= performance.now();
      this.content += delta.content;
      this.onText?.(delta.content);
    }
    if (delta.reasoning_content) this.reasoning += delta.reasoning_content;
    if (delta.tool_calls) {
      this.firstOutputAt ??= performance.now();
      for (const piece of delta.tool_calls) {
        const call = (this.calls[piece.index] ??= { id: "", name: "", arguments: "" });
        if (piece.id) call.id = piece.id;
        if (piece.function?.name && call.name !== piece.function.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
      }
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  /**
   * The whole response. Every call gets a name (a nameless one is answered with an error like any
   * unknown tool) and an id of its own: models that repeat or omit ids would otherwise pair a result
   * with the wrong call.
   */
  finish(): LlmResponse {
    if (this.finishReason === null) {
      throw new LlmError("interrupted", "The language model's stream ended before the answer was complete.");
    }
    const seen = new Set<string>();
    const toolCalls = this.calls
      .filter((call) => call !== undefined)
      .map((call) => {
        const id = call.id && !seen.has(call.id) ? call.id : `call_${randomBytes(6).toString("hex")}`;
        seen.add(id);
        return { ...call, id, name: call.name.trim() || UNNAMED_TOOL };
      });
    return {
      content: this.content,
      reasoning: this.reasoning,
      toolCalls,
      finishReason: this.finishReason,
      usage: this.usage,
    };
  }
}

/**
 * Token counts with the prompt-cache figure providers report: OpenAI (and vLLM, llama.cpp) in
 * `prompt_tokens_details.cached_tokens`, DeepSeek in `prompt_cache_hit_tokens`.
 */
function usageOf(usage: CompletionUsage & { prompt_cache_hit_tokens?: number }): LlmUsage {
  const cached = usage.prompt_cache_hit_tokens ?? usage.prompt_tokens_details?.cached_tokens;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    ...(typeof cached === "number" ? { cachedTokens: cached } : {}),
  };
}
