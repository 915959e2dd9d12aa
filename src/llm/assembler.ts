import { randomBytes } from "node:crypto";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import { UNNAMED_TOOL } from "./tool-wire.js";
import { ContentStream } from "./content-stream.js";
import { callsInThinking } from "./text-tool-calls.js";
import { LlmError } from "./errors.js";
import type { LlmResponse, LlmUsage } from "./messages.js";

/** A delta as providers send it: DeepSeek's `reasoning_content`, Ollama's (and OpenRouter's) `reasoning`. */
type Delta = ChatCompletionChunk.Choice.Delta & {
  reasoning_content?: string | null;
  reasoning?: string | null;
};

/**
 * Accumulates streamed deltas: text, reasoning, and tool calls whose pieces arrive by index. The text
 * goes through a ContentStream, so thinking and tool calls written as text are taken out of it.
 */
export class ResponseAssembler {
  private readonly stream: ContentStream;
  /** DeepSeek's `reasoning_content`, which it requires back on the tool-call messages of its thinking mode. */
  private reasoning = "";
  /** Ollama's (and OpenRouter's) `reasoning`: never resent, only searched for a call written in it. */
  private thoughts = "";
  private readonly calls: { id: string; name: string; arguments: string }[] = [];
  private finishReason: string | null = null;
  private usage: LlmResponse["usage"];
  /** When the first visible piece (text or a tool call) arrived. */
  firstOutputAt: number | undefined;

  /** `offered`: the names of the tools offered with the request (only they can be called as text). */
  constructor(
    onText?: (text: string) => void,
    private readonly offered: ReadonlySet<string> = new Set(),
  ) {
    this.stream = new ContentStream(offered, onText);
  }

  add(chunk: ChatCompletionChunk): void {
    if (chunk.usage) this.usage = usageOf(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) return;
    const delta = choice.delta as Delta;
    if (delta.content) {
      this.firstOutputAt ??= performance.now();
      this.stream.push(delta.content);
    }
    if (delta.reasoning_content) this.reasoning += delta.reasoning_content;
    if (delta.reasoning) this.thoughts += delta.reasoning;
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
    const structured = this.calls.filter((call) => call !== undefined);
    const split = this.stream.finish(structured.length > 0);
    // A server's reasoning parser may take a call written inside <think> into the reasoning field.
    const inReasoning =
      structured.length === 0 && split.calls.length === 0 && !split.visible.trim()
        ? callsInThinking(`${this.reasoning}\n${this.thoughts}`, this.offered)
        : undefined;
    const written = (inReasoning ?? split.calls).map((call) => ({ id: "", ...call }));
    const seen = new Set<string>();
    const toolCalls = (structured.length > 0 ? structured : written).map((call) => {
      const id = call.id && !seen.has(call.id) ? call.id : `call_${randomBytes(6).toString("hex")}`;
      seen.add(id);
      return { ...call, id, name: call.name.trim() || UNNAMED_TOOL };
    });
    return {
      content: split.visible,
      reasoning: this.reasoning,
      toolCalls,
      ...(written.length > 0 ? { textToolCalls: written.length } : {}),
      finishReason: written.length > 0 ? "tool_calls" : this.finishReason,
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
