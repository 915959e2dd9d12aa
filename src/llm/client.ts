import OpenAI from "openai";
import type { ChatCompletionChunk, ChatCompletionTool } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import type { ToolDefinition } from "../tools/contract.js";
import { LlmError, toLlmError } from "./errors.js";
import type { ChatMessage, LlmResponse, LlmUsage } from "./messages.js";

export interface LlmClientOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  temperature?: number;
  maxRetries: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** Base delay of the backoff between retries of a broken stream; doubles each time. */
  retryDelayMs?: number;
  /** Told of each retry before its wait, e.g. to log it. */
  onRetry?: (retry: { attempt: number; waitMs: number; kind: string; status?: number }) => void;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Offered with `tool_choice: "auto"`; omitted means the model must answer in text. */
  tools?: ToolDefinition[];
  signal?: AbortSignal;
  /** Called with each piece of visible text as it streams in. */
  onText?: (text: string) => void;
}

/** Talks to any OpenAI-compatible chat API with streaming and tool calls. */
export class LlmClient {
  private readonly openai: OpenAI;

  constructor(private readonly options: LlmClientOptions) {
    this.openai = new OpenAI({
      baseURL: options.baseUrl,
      // The SDK refuses to start without a key; local servers (Ollama, vLLM) accept any.
      apiKey: options.apiKey || "none",
      // Retries are ours (see complete()): the SDK's own would also repeat a stream the user half saw.
      maxRetries: 0,
      timeout: options.requestTimeoutMs,
    });
  }

  get model(): string {
    return this.options.model;
  }

  /**
   * Streams one completion and assembles it. Retryable failures (429, 5xx, network, a stream that
   * breaks or stalls) are retried with exponential backoff, but only while nothing has reached the user.
   */
  async complete(request: ChatRequest): Promise<LlmResponse> {
    for (let attempt = 0; ; attempt++) {
      if (request.signal?.aborted) throw cancelled();
      let emitted = false;
      const onText = request.onText && ((text: string) => ((emitted = true), request.onText!(text)));
      try {
        return await this.streamOnce({ ...request, onText });
      } catch (error) {
        const failure = toLlmError(error);
        if (request.signal?.aborted) throw cancelled();
        if (emitted || !failure.retryable || attempt >= this.options.maxRetries) throw failure;
        const backoff = (this.options.retryDelayMs ?? 500) * 2 ** attempt;
        // Honour the provider's Retry-After, within reason: a user is waiting.
        const waitMs = Math.min(Math.max(backoff, failure.retryAfterMs ?? 0), MAX_RETRY_WAIT_MS);
        this.options.onRetry?.({ attempt: attempt + 1, waitMs, kind: failure.kind, status: failure.status });
        await delay(waitMs, request.signal);
      }
    }
  }

  private async streamOnce(request: ChatRequest): Promise<LlmResponse> {
    const controller = new AbortController();
    const outer = request.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    let stalled = false;
    const idle = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, this.options.idleTimeoutMs);

    try {
      const stream = await this.openai.chat.completions.create(
        {
          model: this.options.model,
          messages: request.messages as OpenAI.ChatCompletionMessageParam[],
          stream: true,
          stream_options: { include_usage: true },
          ...(this.options.temperature !== undefined ? { temperature: this.options.temperature } : {}),
          ...(request.tools?.length
            ? { tools: request.tools.map(toOpenAiTool), tool_choice: "auto" as const }
            : {}),
        },
        { signal: controller.signal },
      );
      const assembler = new ResponseAssembler(request.onText);
      for await (const chunk of stream) {
        idle.refresh();
        assembler.add(chunk);
      }
      if (stalled)
        throw new LlmError("timeout", "The language model stopped sending in the middle of its answer.");
      if (outer?.aborted) throw cancelled();
      return assembler.finish();
    } catch (error) {
      if (stalled)
        throw new LlmError("timeout", "The language model stopped sending in the middle of its answer.");
      throw error;
    } finally {
      clearTimeout(idle);
      outer?.removeEventListener("abort", onOuterAbort);
    }
  }
}

/** Accumulates streamed deltas: text, reasoning, and tool calls whose pieces arrive by index. */
class ResponseAssembler {
  private content = "";
  private reasoning = "";
  private readonly calls: { id: string; name: string; arguments: string }[] = [];
  private finishReason: string | null = null;
  private usage: LlmResponse["usage"];

  constructor(private readonly onText?: (text: string) => void) {}

  add(chunk: ChatCompletionChunk): void {
    if (chunk.usage) this.usage = usageOf(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) return;
    const delta = choice.delta as ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null };
    if (delta.content) {
      this.content += delta.content;
      this.onText?.(delta.content);
    }
    if (delta.reasoning_content) this.reasoning += delta.reasoning_content;
    if (delta.tool_calls) {
      for (const piece of delta.tool_calls) {
        const call = (this.calls[piece.index] ??= { id: "", name: "", arguments: "" });
        if (piece.id) call.id = piece.id;
        if (piece.function?.name && call.name !== piece.function.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
      }
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  finish(): LlmResponse {
    if (this.finishReason === null) {
      throw new LlmError("interrupted", "The language model's stream ended before the answer was complete.");
    }
    const toolCalls = this.calls
      .filter((call) => call !== undefined && call.name !== "")
      .map((call, index) => ({ ...call, id: call.id || `call_${index}_${Date.now().toString(36)}` }));
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

const openAiTools = new WeakMap<ToolDefinition, ChatCompletionTool>();

function toOpenAiTool(definition: ToolDefinition): ChatCompletionTool {
  let tool = openAiTools.get(definition);
  if (!tool) {
    const { name, description, parameters } = definition;
    tool = { type: "function", function: { name, description, parameters } };
    openAiTools.set(definition, tool);
  }
  return tool;
}

const MAX_RETRY_WAIT_MS = 20_000;

function cancelled(): LlmError {
  return new LlmError("aborted", "The request was cancelled.");
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
