import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";

/**
 * A chat message in the OpenAI wire format. Assistant messages may carry `reasoning_content`:
 * DeepSeek's thinking models require it to be sent back on every assistant message that made
 * tool calls, or they answer 400.
 */
export type ChatMessage = ChatCompletionMessageParam & { reasoning_content?: string };

export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens the provider served from its prompt cache; absent when it reports none. */
  cachedTokens?: number;
}

export function emptyUsage(): LlmUsage {
  return { promptTokens: 0, completionTokens: 0 };
}

/** Adds one request's usage to a turn's. */
export function addUsage(total: LlmUsage, more: LlmUsage | undefined): void {
  if (!more) return;
  total.promptTokens += more.promptTokens;
  total.completionTokens += more.completionTokens;
  if (more.cachedTokens !== undefined) total.cachedTokens = (total.cachedTokens ?? 0) + more.cachedTokens;
}

export interface LlmResponse {
  content: string;
  reasoning: string;
  toolCalls: LlmToolCall[];
  /** How many of the tool calls the model wrote as text (recognised in its content or thinking). */
  textToolCalls?: number;
  finishReason: string | null;
  usage?: LlmUsage;
}

export function assistantMessage(response: LlmResponse): ChatMessage {
  if (response.toolCalls.length === 0) return { role: "assistant", content: response.content };
  return {
    role: "assistant",
    content: response.content || null,
    tool_calls: response.toolCalls.map((call) => ({
      id: call.id,
      type: "function" as const,
      function: { name: call.name, arguments: call.arguments },
    })),
    ...(response.reasoning ? { reasoning_content: response.reasoning } : {}),
  };
}
