import { z } from "zod";
import { wireFunction } from "../../http/chat-wire.js";

const contentPart = z.object({ type: z.string(), text: z.string().optional() }).loose();
const toolCall = z
  .object({
    id: z.string(),
    type: z.literal("function").optional(),
    function: z.object({ name: z.string(), arguments: z.string().default("") }).loose(),
  })
  .loose();
const message = z
  .object({
    role: z.enum(["system", "developer", "user", "assistant", "tool"]),
    content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
    tool_calls: z.array(toolCall).optional(),
    tool_call_id: z.string().optional(),
  })
  .loose();
const functionTool = z
  .object({
    type: z.literal("function"),
    function: wireFunction,
  })
  .loose();
const toolChoice = z.union([
  z.enum(["auto", "none", "required"]),
  z.object({ type: z.literal("function"), function: z.object({ name: z.string() }) }),
]);
const responseFormat = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text") }),
  z.object({ type: z.literal("json_object") }),
  z.object({
    type: z.literal("json_schema"),
    json_schema: z
      .object({ name: z.string().optional(), schema: z.record(z.string(), z.unknown()).optional() })
      .loose(),
  }),
]);

/** The body of a request to /v1/chat/completions, in OpenAI's wire format, checked field by field. */
export const completionBody = z
  .object({
    model: z.string().optional(),
    messages: z.array(message).min(1, "messages must not be empty"),
    stream: z.boolean().nullish(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullish(),
    user: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    tools: z.array(functionTool).nullish(),
    tool_choice: toolChoice.nullish(),
    response_format: responseFormat.nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    max_tokens: z.number().int().positive().nullish(),
    max_completion_tokens: z.number().int().positive().nullish(),
    stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
    seed: z.number().int().nullish(),
    n: z.number().int().nullish(),
    parallel_tool_calls: z.boolean().nullish(),
  })
  .loose();

/** Fields of OpenAI's that Cyrene reads or knowingly accepts; any other is ignored (as OpenAI does) and logged. */
const KNOWN = new Set([
  ...Object.keys(completionBody.shape),
  "frequency_penalty",
  "presence_penalty",
  "logit_bias",
  "logprobs",
  "top_logprobs",
  "store",
  "service_tier",
  "reasoning_effort",
  "modalities",
  "prediction",
  "audio",
  "web_search_options",
  "verbosity",
  "prompt_cache_key",
  "safety_identifier",
]);

/** The request's fields that Cyrene does not know (for the debug log). */
export function unknownFields(raw: unknown): string[] {
  if (!raw || typeof raw !== "object") return [];
  return Object.keys(raw).filter((key) => !KNOWN.has(key));
}

export type CompletionBody = z.infer<typeof completionBody>;
export type BodyMessage = z.infer<typeof message>;
