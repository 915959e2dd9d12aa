import type { ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import type { OutputFormat } from "../../agent/structured-output.js";
import type { SamplingParams } from "../../llm/client.js";
import type { ChatMessage } from "../../llm/messages.js";
import type { SeenMessage } from "../../store/transcript.js";
import type { ToolDefinition } from "../../tools/contract.js";
import { parseBody } from "../../http/body.js";
import { HttpError } from "../../http/errors.js";
import { assertUserLast, clientToolsOf, priorOf, toolBlockStart, userText } from "../../http/chat-wire.js";
import { completionBody, type BodyMessage, type CompletionBody } from "./completion-body.js";

export const AGENT_MODEL = "cyrene";
/** Passes the request straight to the LLM: no tools of Cyrene's, nothing stored. */
export const DIRECT_MODEL = "cyrene-direct";
export const MODELS = [AGENT_MODEL, DIRECT_MODEL] as const;
export type ModelId = (typeof MODELS)[number];

/** A request to /v1/chat/completions, checked and turned into what a turn needs. */
export interface CompletionRequest {
  model: ModelId;
  /** The model id as the client wrote it, echoed back. */
  echoModel: string;
  stream: boolean;
  includeUsage: boolean;
  caller: string;
  /** `metadata.conversation_id`; the X-Cyrene-Conversation-Id header is read by the route. */
  conversationId?: string;
  params: SamplingParams;
  clientTools: ToolDefinition[];
  toolChoice?: ChatCompletionToolChoiceOption;
  output?: OutputFormat;
  /** `response_format` as sent, for the direct model (the agent checks the answer itself). */
  rawResponseFormat?: Record<string, unknown>;
  /** The newest system or developer message: the client app's own instructions. */
  instructions?: string;
  /** User and assistant texts before the newest user message. */
  prior: SeenMessage[];
  /** The newest message: a user's, or the results of client tools the turn paused for. */
  last:
    { kind: "user"; text: string; toolResults: ToolResults } | { kind: "tool_results"; results: ToolResults };
  /** The messages as sent, for the direct model. */
  messages: ChatMessage[];
}

type ToolResults = { toolCallId: string; content: string }[];

export function parseCompletion(raw: unknown, cyreneTools: readonly string[]): CompletionRequest {
  const request = parseBody(completionBody, raw);
  const echoModel = request.model ?? AGENT_MODEL;
  const model = modelOf(echoModel);
  if (request.n !== undefined && request.n !== null && request.n !== 1) {
    throw new HttpError(
      400,
      "n must be 1: Cyrene gives one answer per request.",
      "invalid_request_error",
      "n",
    );
  }
  const clientTools = clientToolsOf(request.tools);
  if (model === AGENT_MODEL) {
    const clash = clientTools.find((tool) => cyreneTools.includes(tool.name));
    if (clash) {
      throw new HttpError(
        400,
        `The tool name "${clash.name}" is taken by one of Cyrene's own tools; rename yours. Cyrene's: ${cyreneTools.join(", ")}.`,
        "invalid_request_error",
        "tools",
      );
    }
  }
  const choice = request.tool_choice ?? undefined;
  if (choice && typeof choice === "object") {
    const known = [...clientTools.map((t) => t.name), ...(model === AGENT_MODEL ? cyreneTools : [])];
    if (!known.includes(choice.function.name)) {
      throw new HttpError(
        400,
        `tool_choice names "${choice.function.name}", which is not a tool of this request.`,
        "invalid_request_error",
        "tool_choice",
      );
    }
  }
  const messages = request.messages;
  const instructions = messages.findLast((m) => m.role === "system" || m.role === "developer");
  return {
    model,
    echoModel,
    stream: Boolean(request.stream),
    includeUsage: Boolean(request.stream_options?.include_usage),
    caller: request.user ?? "",
    conversationId:
      typeof request.metadata?.conversation_id === "string" ? request.metadata.conversation_id : undefined,
    params: samplingOf(request),
    clientTools,
    toolChoice: choice,
    output: outputOf(request.response_format ?? undefined),
    rawResponseFormat: request.response_format ?? undefined,
    instructions: instructions && textOf(instructions.content),
    ...splitHistory(messages, model),
    messages: messages.map(toChatMessage),
  };
}

/** One of Cyrene's models by its id (`:latest` allowed, as Ollama-minded clients send it); else a 404. */
export function modelOf(id: string): ModelId {
  const base = id.replace(/:latest$/, "");
  const found = MODELS.find((model) => model === base);
  if (!found) {
    throw new HttpError(
      404,
      `The model "${id}" does not exist. Models: ${MODELS.join(", ")}.`,
      "invalid_request_error",
      "model",
      "model_not_found",
    );
  }
  return found;
}

function samplingOf(request: CompletionBody): SamplingParams {
  const params: SamplingParams = {};
  if (request.temperature != null) params.temperature = request.temperature;
  if (request.top_p != null) params.top_p = request.top_p;
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (maxTokens != null) params.max_tokens = maxTokens;
  if (request.stop != null) params.stop = request.stop;
  if (request.seed != null) params.seed = request.seed;
  if (request.parallel_tool_calls != null) params.parallel_tool_calls = request.parallel_tool_calls;
  return params;
}

function outputOf(format: CompletionBody["response_format"] | undefined): OutputFormat | undefined {
  if (!format || format.type === "text") return undefined;
  if (format.type === "json_object" || !format.json_schema.schema) return { type: "json_object" };
  return { type: "json_schema", name: format.json_schema.name, schema: format.json_schema.schema };
}

function splitHistory(messages: BodyMessage[], model: ModelId): Pick<CompletionRequest, "prior" | "last"> {
  const last = messages.at(-1)!;
  const seen = (upTo: number) => priorOf(messages, upTo, (m) => textOf(m.content));
  const toolBlock = (end: number) => {
    const start = toolBlockStart(messages, end);
    const results = messages
      .slice(start, end)
      .map((m) => ({ toolCallId: m.tool_call_id ?? "", content: textOf(m.content) }));
    if (results.some((r) => !r.toolCallId))
      throw new HttpError(400, "Every tool message needs its tool_call_id.");
    return { start, results };
  };
  if (last.role === "tool") {
    const { start, results } = toolBlock(messages.length);
    return { prior: seen(start), last: { kind: "tool_results", results } };
  }
  if (model === AGENT_MODEL) assertUserLast(last.role);
  const text = model === AGENT_MODEL ? userText(textOf(last.content)) : textOf(last.content);
  // Results of client tools sent with the next message (the client went on without waiting).
  const { results } = toolBlock(messages.length - 1);
  return { prior: seen(messages.length - 1), last: { kind: "user", text, toolResults: results } };
}

export function textOf(content: BodyMessage["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

function toChatMessage(m: BodyMessage): ChatMessage {
  const content = textOf(m.content);
  switch (m.role) {
    case "tool":
      return { role: "tool", tool_call_id: m.tool_call_id ?? "", content };
    case "assistant":
      return m.tool_calls?.length
        ? {
            role: "assistant",
            content: content || null,
            tool_calls: m.tool_calls.map((c) => ({
              id: c.id,
              type: "function" as const,
              function: { name: c.function.name, arguments: c.function.arguments },
            })),
          }
        : { role: "assistant", content };
    case "developer":
    case "system":
      return { role: "system", content };
    default:
      return { role: "user", content };
  }
}
