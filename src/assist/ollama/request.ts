import { z } from "zod";
import type { OutputFormat } from "../../agent/structured-output.js";
import { argumentsOf, type EchoedCall } from "../../agent/tool-result-match.js";
import type { SamplingParams } from "../../llm/client.js";
import { parseBody } from "../../http/body.js";
import { HttpError } from "../../http/errors.js";
import {
  clientToolsOf,
  assertUserLast,
  priorOf,
  toolBlockStart,
  userText,
  wireFunction,
} from "../../http/chat-wire.js";
import type { SeenMessage } from "../../store/transcript.js";
import type { ToolDefinition } from "../../tools/contract.js";
import {
  haUserOf,
  hasHaClockLine,
  instructionsOf,
  isAiTaskPrompt,
  speakerOf,
  languageLineOf,
  type HaUser,
  type SpeakerLine,
} from "../../http/ha-prompt.js";
import { assertOurModel } from "./models.js";

const toolCall = z
  .object({
    function: z
      .object({
        name: z.string(),
        arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
      })
      .loose(),
  })
  .loose();
const message = z
  .object({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: z.string().nullish(),
    images: z.array(z.string()).nullish(),
    tool_calls: z.array(toolCall).nullish(),
    /** Ollama ≥ 0.6 names the tool a result answers (the protocol has no call ids). */
    tool_name: z.string().nullish(),
  })
  .loose();
const tool = z
  .object({
    type: z.string().optional(),
    function: wireFunction,
  })
  .loose();

// keep_alive ("-1s", "-1.0s", 300, "5m") is checked and has nothing to keep loaded; options Ollama's own
// (num_ctx, …) are logged and not used; think other than false is refused (but for HA), as Ollama refuses
// it for a model that does not think.
const body = z
  .object({
    model: z.string().min(1, "model is missing"),
    messages: z.array(message).default([]),
    stream: z.boolean().nullish(),
    format: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    tools: z.array(tool).nullish(),
    options: z.record(z.string(), z.unknown()).nullish(),
    keep_alive: z
      .union([
        z
          .string()
          .regex(/^-?\d+(\.\d+)?(ns|us|µs|ms|s|m|h)?$/, 'keep_alive is a duration such as "5m" or "-1s"'),
        z.number(),
      ])
      .nullish(),
    think: z.union([z.boolean(), z.string()]).nullish(),
  })
  .loose();

type Message = z.infer<typeof message>;

/** A request to /api/chat, checked and turned into what a turn needs. */
export interface ChatRequest {
  /** As the client wrote it, echoed back. */
  model: string;
  /** Ollama streams unless told `stream: false`. */
  stream: boolean;
  /**
   * HA's conversation agent (its answer is spoken: shaped for speech, under the voice deadline), HA's
   * AI Task (data for an automation), or any other Ollama client (text as written).
   */
  purpose: "conversation" | "ai_task" | "client";
  /** Sent by Home Assistant's Ollama integration (see `isHaRequest`). */
  fromHa: boolean;
  /** `options` Cyrene does not use (Ollama's own, such as num_ctx), for the log. */
  ignoredOptions: string[];
  /** HA's system text, without its clock line. */
  instructions?: string;
  /** Where the words were heard, when HA's system text tells it (see ha-prompt.ts). */
  speaker?: SpeakerLine;
  /** The pipeline's language, when HA's system text tells it (see ha-prompt.ts `languageLineOf`). */
  language?: string;
  /** The user HA's system text says the turn acts for (see ha-prompt.ts); trusted only from HA's side. */
  haUser?: HaUser;
  clientTools: ToolDefinition[];
  output?: OutputFormat;
  params: SamplingParams;
  /** User and assistant texts before the newest user message (or before the tool results). */
  prior: SeenMessage[];
  last:
    | { kind: "user"; text: string }
    /**
     * The results of the tool calls Cyrene handed the client, in the order of the calls (Ollama has no
     * ids), with the calls as the client sent them back and the tool each result names, if it does.
     */
    | { kind: "tool_results"; results: string[]; calls: EchoedCall[]; toolNames: (string | undefined)[] }
    /** No messages: Ollama clients send this to load a model. */
    | { kind: "none" };
}

export function parseChat(raw: unknown): ChatRequest {
  const request = parseBody(body, raw);
  assertOurModel(request.model);

  const { messages } = request;
  const system = messages.findLast((m) => m.role === "system")?.content ?? "";
  const output = outputOf(request.format);
  const images = messages.at(-1)?.images?.length ?? 0;
  const instructions = [
    instructionsOf(system),
    images > 0
      ? `The user attached ${images} image(s) to this message; you cannot see them, so say so if they matter.`
      : undefined,
  ].filter(Boolean);
  const fromHa = isHaRequest(request, system);
  // HA's "think" setting cannot be told apart per model, and HA cannot catch an error in a stream: it is
  // ignored there (DOCS). Any other client is told, as Ollama tells it for a model that does not think.
  if (!fromHa && request.think !== undefined && request.think !== null && request.think !== false) {
    throw new HttpError(400, `"${request.model}" does not support thinking`);
  }
  return {
    model: request.model,
    stream: request.stream !== false,
    purpose: !fromHa ? "client" : output || isAiTaskPrompt(system) ? "ai_task" : "conversation",
    fromHa,
    ignoredOptions: Object.keys(request.options ?? {}).filter((key) => !USED_OPTIONS.has(key)),
    instructions: instructions.length > 0 ? instructions.join("\n\n") : undefined,
    speaker: fromHa ? speakerOf(system) : undefined,
    language: fromHa ? languageLineOf(system) : undefined,
    haUser: fromHa ? haUserOf(system) : undefined,
    clientTools: clientToolsOf(request.tools),
    output,
    params: samplingOf(request.options ?? {}),
    ...splitHistory(messages),
  };
}

const USED_OPTIONS = new Set(["temperature", "top_p", "num_predict", "seed", "stop"]);

/**
 * Home Assistant's Ollama integration sends `keep_alive` as seconds with an "s" (`f"{keep_alive}s"`),
 * or (by 2026.11) the number -1 for "forever", its default now, and `options.num_ctx` on every
 * request (homeassistant/components/ollama/entity.py); its system prompt has HA's date-and-time line
 * unless the Assist API gives a date tool (which it always does by 2026.11). Other clients get text
 * as written; only HA's conversation agent gets answers shaped for speech.
 */
function isHaRequest(request: z.infer<typeof body>, system: string): boolean {
  const haKeepAlive =
    request.keep_alive === -1 ||
    (typeof request.keep_alive === "string" && /^-?\d+(\.\d+)?s$/.test(request.keep_alive));
  const numCtx = typeof request.options?.num_ctx === "number";
  return (haKeepAlive && numCtx) || hasHaClockLine(system);
}

function outputOf(format: string | Record<string, unknown> | null | undefined): OutputFormat | undefined {
  if (format === undefined || format === null || format === "") return undefined;
  if (format === "json") return { type: "json_object" };
  if (typeof format === "string") {
    throw new HttpError(400, `format must be "json" or a JSON schema, not "${format}".`);
  }
  return { type: "json_schema", schema: format };
}

/** Ollama's sampling options that an OpenAI-compatible LLM also knows; the rest (num_ctx, …) are Ollama's own. */
function samplingOf(options: Record<string, unknown>): SamplingParams {
  const params: SamplingParams = {};
  const number = (key: string, min: number, max: number) => {
    const value = options[key];
    return typeof value === "number" && value >= min && value <= max ? value : undefined;
  };
  const temperature = number("temperature", 0, 2);
  if (temperature !== undefined) params.temperature = temperature;
  const topP = number("top_p", 0, 1);
  if (topP !== undefined) params.top_p = topP;
  const maxTokens = number("num_predict", 1, Number.MAX_SAFE_INTEGER);
  if (maxTokens !== undefined) params.max_tokens = Math.floor(maxTokens);
  const seed = number("seed", Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (seed !== undefined) params.seed = Math.floor(seed);
  const stop = options.stop;
  if (Array.isArray(stop) && stop.length > 0 && stop.every((s) => typeof s === "string")) {
    params.stop = stop.slice(0, 4) as string[];
  }
  return params;
}

function splitHistory(messages: Message[]): Pick<ChatRequest, "prior" | "last"> {
  const seen = (upTo: number) => priorOf(messages, upTo, (m) => m.content ?? "");
  const last = messages.at(-1);
  if (!last) return { prior: [], last: { kind: "none" } };
  if (last.role === "tool") {
    const start = toolBlockStart(messages, messages.length);
    if (!messages[start - 1]?.tool_calls?.length) {
      throw new HttpError(
        400,
        "Tool results must follow the assistant message whose tool calls they answer.",
      );
    }
    const results = messages.slice(start).map((m) => m.content ?? "");
    const calls = messages[start - 1]!.tool_calls!.map((call) => ({
      name: call.function.name,
      arguments: argumentsOf(call.function.arguments),
    }));
    const toolNames = messages.slice(start).map((m) => m.tool_name ?? undefined);
    return { prior: seen(start), last: { kind: "tool_results", results, calls, toolNames } };
  }
  assertUserLast(last.role);
  const text = userText(last.content ?? "");
  return { prior: seen(messages.length - 1), last: { kind: "user", text } };
}
