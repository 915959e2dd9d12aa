import { z } from "zod";
import type { OutputFormat } from "../../agent/structured-output.js";
import type { SamplingParams } from "../../llm/client.js";
import { HttpError, parseBody } from "../../server/errors.js";
import { MAX_MESSAGE_CHARS } from "../../server/openai/request.js";
import type { SeenMessage } from "../../store/transcript.js";
import type { ToolDefinition } from "../../tools/contract.js";
import { instructionsOf, isAiTaskPrompt } from "./ha-prompt.js";
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
  })
  .loose();
const tool = z
  .object({
    type: z.string().optional(),
    function: z
      .object({
        name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "tool names are 1–64 letters, digits, _ or -"),
        description: z.string().nullish(),
        parameters: z.record(z.string(), z.unknown()).nullish(),
      })
      .loose(),
  })
  .loose();

// keep_alive ("-1s", "-1.0s", 300), options.num_ctx (8192.0) and think are accepted and not used.
const body = z
  .object({
    model: z.string().min(1, "model is missing"),
    messages: z.array(message).default([]),
    stream: z.boolean().nullish(),
    format: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    tools: z.array(tool).nullish(),
    options: z.record(z.string(), z.unknown()).nullish(),
    keep_alive: z.union([z.string(), z.number()]).nullish(),
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
  /** An AI Task (data for an automation, not speech) or a conversation agent's turn (spoken). */
  purpose: "conversation" | "ai_task";
  /** HA's system text, without its clock line. */
  instructions?: string;
  clientTools: ToolDefinition[];
  output?: OutputFormat;
  params: SamplingParams;
  /** User and assistant texts before the newest user message (or before the tool results). */
  prior: SeenMessage[];
  last:
    | { kind: "user"; text: string }
    /** HA's results of the tool calls Cyrene handed it, in the order of the calls (HA sends no ids). */
    | { kind: "tool_results"; results: string[] }
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
  return {
    model: request.model,
    stream: request.stream !== false,
    purpose: output || isAiTaskPrompt(system) ? "ai_task" : "conversation",
    instructions: instructions.length > 0 ? instructions.join("\n\n") : undefined,
    clientTools: (request.tools ?? []).map((t) => ({
      name: t.function.name,
      description: t.function.description ?? "",
      parameters: t.function.parameters ?? { type: "object", properties: {} },
    })),
    output,
    params: samplingOf(request.options ?? {}),
    ...splitHistory(messages),
  };
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
  const seen = (upTo: number) =>
    messages
      .slice(0, upTo)
      .filter((m) => m.role === "user" || m.role === "assistant")
      .map((m) => ({ role: m.role, content: m.content ?? "" }));
  const last = messages.at(-1);
  if (!last) return { prior: [], last: { kind: "none" } };
  if (last.role === "tool") {
    let start = messages.length;
    while (start > 0 && messages[start - 1]!.role === "tool") start--;
    if (!messages[start - 1]?.tool_calls?.length) {
      throw new HttpError(
        400,
        "Tool results must follow the assistant message whose tool calls they answer.",
      );
    }
    const results = messages.slice(start).map((m) => m.content ?? "");
    return { prior: seen(start), last: { kind: "tool_results", results } };
  }
  if (last.role !== "user") {
    throw new HttpError(400, "The last message must come from the user (or be tool results).");
  }
  const text = last.content ?? "";
  if (!text.trim()) throw new HttpError(400, "The user message is empty.");
  if (text.length > MAX_MESSAGE_CHARS) {
    throw new HttpError(
      400,
      `The user message is too long (${text.length} characters, at most ${MAX_MESSAGE_CHARS}).`,
    );
  }
  return { prior: seen(messages.length - 1), last: { kind: "user", text } };
}
