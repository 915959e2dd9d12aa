import type OpenAI from "openai";
import type { ChatCompletionTool, ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import type { Logger } from "../logging/logger.js";
import type { ToolDefinition } from "./tool-wire.js";
import { ResponseAssembler } from "./assembler.js";
import { hostOf, LlmError, type LlmEndpoint } from "./errors.js";
import type { LlmHealth } from "./health.js";
import type { ChatMessage, LlmResponse } from "./messages.js";
import { loadSdk } from "./sdk.js";
import { lazy } from "../lazy.js";

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
  /** One line per request (latency, time to first output, tokens, retries). */
  logger?: Logger;
  /** Told of every success and final failure, for the readiness view. */
  health?: LlmHealth;
  /** Where the user sets the key, named when the provider refuses it (see LlmEndpoint). */
  keySetting?: string;
}

/** Sampling settings a client may choose for its own turn. */
export interface SamplingParams {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  stop?: string | string[];
  seed?: number;
  /** Sent only with tools (OpenAI refuses it without). */
  parallel_tool_calls?: boolean;
  /** A client's `response_format`, for providers that enforce it (see `enforcesJsonSchema`). */
  response_format?: Record<string, unknown>;
}

/** What the caller hears while it waits: a request going out, a retry and its reason. */
export type LlmStatus =
  { state: "waiting" } | { state: "retrying"; attempt: number; of: number; waitMs: number; reason: string };

export interface ChatRequest {
  messages: ChatMessage[];
  /** Offered with `tool_choice` ("auto" unless given); omitted means the model must answer in text. */
  tools?: ToolDefinition[];
  toolChoice?: ChatCompletionToolChoiceOption;
  params?: SamplingParams;
  /** Passed through as `response_format` (the direct model only: the agent checks answers itself). */
  responseFormat?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Called with each piece of visible text as it streams in. */
  onText?: (text: string) => void;
  onStatus?: (status: LlmStatus) => void;
}

/** Talks to any OpenAI-compatible chat API with streaming and tool calls. */
export class LlmClient {
  /** The SDK's client and its error reader, made with the first request (see sdk.ts). */
  private readonly sdk = lazy(async () => {
    const { OpenAI, toLlmError } = await loadSdk();
    const openai = new OpenAI({
      baseURL: this.options.baseUrl,
      // The SDK refuses to start without a key; local servers (Ollama, vLLM) accept any.
      apiKey: this.options.apiKey || "none",
      // Retries are ours (complete()): the SDK's own would also repeat a stream the user half saw.
      maxRetries: 0,
      timeout: this.options.requestTimeoutMs,
    });
    return { openai, toLlmError };
  });

  constructor(private readonly options: LlmClientOptions) {}

  get model(): string {
    return this.options.model;
  }

  /** Whether the provider makes answers follow a `json_schema` response_format (OpenAI's own API does). */
  get enforcesJsonSchema(): boolean {
    const host = hostOf(this.options.baseUrl);
    return host === "api.openai.com" || host.endsWith(".openai.azure.com");
  }

  /**
   * Streams one completion and assembles it. Retryable failures (429, 5xx, network, a stream that
   * breaks or stalls) are retried with exponential backoff, but only while nothing has reached the user.
   * Throws only LlmError.
   */
  async complete(request: ChatRequest): Promise<LlmResponse> {
    const { maxRetries } = this.options;
    request.onStatus?.({ state: "waiting" });
    const { openai, toLlmError } = await this.sdk().catch((error: unknown) => {
      // A broken install: no retry mends it, and the caller still gets an LlmError.
      const failure = new LlmError(
        "server",
        `The OpenAI SDK could not be loaded (${error instanceof Error ? error.message : String(error)}).`,
      );
      this.options.health?.failed(failure.message);
      throw failure;
    });
    for (let attempt = 0; ; attempt++) {
      if (request.signal?.aborted) throw cancelled();
      let emitted = false;
      const onText = request.onText && ((text: string) => ((emitted = true), request.onText!(text)));
      try {
        const response = await this.streamOnce(openai, toLlmError, { ...request, onText }, attempt);
        this.options.health?.succeeded();
        return response;
      } catch (error) {
        const failure = toLlmError(error, this.options);
        if (request.signal?.aborted) throw cancelled();
        if (emitted || !failure.retryable || attempt >= maxRetries) {
          this.options.health?.failed(failure.message);
          throw failure;
        }
        const backoff = (this.options.retryDelayMs ?? 500) * 2 ** attempt;
        // Honour the provider's Retry-After, within reason: a user is waiting.
        const waitMs = Math.min(Math.max(backoff, failure.retryAfterMs ?? 0), MAX_RETRY_WAIT_MS);
        const retry = { attempt: attempt + 1, of: maxRetries, waitMs, reason: failure.message };
        this.options.logger?.warn(
          { ...retry, kind: failure.kind, status: failure.status },
          "retrying the LLM request",
        );
        request.onStatus?.({ state: "retrying", ...retry });
        await delay(waitMs, request.signal);
      }
    }
  }

  private async streamOnce(
    openai: OpenAI,
    toLlmError: (error: unknown, endpoint: LlmEndpoint) => LlmError,
    request: ChatRequest,
    attempt: number,
  ): Promise<LlmResponse> {
    const controller = new AbortController();
    const outer = request.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    let stalled = false;
    const idle = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, this.options.idleTimeoutMs);
    const started = performance.now();
    const offered = new Set(request.tools?.map((tool) => tool.name));
    const assembler = new ResponseAssembler(request.onText, offered);
    const log = (extra: Record<string, unknown>, message: string) =>
      // A request's details are debug: the turn's own line (agent/turn-log.ts) sums them up at info.
      this.options.logger?.[extra.error ? "warn" : "debug"](
        {
          model: this.options.model,
          ms: Math.round(performance.now() - started),
          ttftMs: assembler.firstOutputAt && Math.round(assembler.firstOutputAt - started),
          attempt,
          ...extra,
        },
        message,
      );

    try {
      const stream = await openai.chat.completions.create(
        {
          model: this.options.model,
          messages: request.messages as OpenAI.ChatCompletionMessageParam[],
          stream: true,
          stream_options: { include_usage: true },
          ...(this.options.temperature !== undefined ? { temperature: this.options.temperature } : {}),
          ...withoutToolParams(request.params),
          ...(request.responseFormat ? { response_format: request.responseFormat as never } : {}),
          ...(request.tools?.length
            ? {
                tools: request.tools.map(toOpenAiTool),
                tool_choice: request.toolChoice ?? "auto",
                ...(request.params?.parallel_tool_calls !== undefined
                  ? { parallel_tool_calls: request.params.parallel_tool_calls }
                  : {}),
              }
            : {}),
        },
        { signal: controller.signal },
      );
      for await (const chunk of stream) {
        idle.refresh();
        assembler.add(chunk);
      }
      if (stalled) throw stalledError(this.options);
      if (outer?.aborted) throw cancelled();
      const response = assembler.finish();
      log(
        {
          promptTokens: response.usage?.promptTokens,
          completionTokens: response.usage?.completionTokens,
          cachedTokens: response.usage?.cachedTokens,
          toolCalls: response.toolCalls.length,
          textToolCalls: response.textToolCalls,
          finish: response.finishReason,
        },
        "llm request",
      );
      return response;
    } catch (error) {
      const failure = stalled ? stalledError(this.options) : toLlmError(error, this.options);
      if (failure.kind !== "aborted")
        log({ error: failure.message, kind: failure.kind }, "llm request failed");
      throw failure;
    } finally {
      clearTimeout(idle);
      outer?.removeEventListener("abort", onOuterAbort);
    }
  }
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

function stalledError(options: LlmClientOptions): LlmError {
  const seconds = Math.round(options.idleTimeoutMs / 1000);
  return new LlmError(
    "timeout",
    `The language model at ${hostOf(options.baseUrl)} stopped sending in the middle of its answer (nothing for ${seconds} s).`,
  );
}

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

/** The sampling params for any request; `parallel_tool_calls` goes only with tools. */
function withoutToolParams(params: SamplingParams | undefined) {
  const { parallel_tool_calls: _, response_format, ...rest } = params ?? {};
  return { ...rest, ...(response_format ? { response_format: response_format as never } : {}) };
}
