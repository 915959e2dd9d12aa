import type { Response } from "express";
import type { LlmClient } from "../../llm/client.js";
import { LlmError } from "../../llm/errors.js";
import { openAiError } from "../../http/error-shapes.js";
import { apiErrorOf, NO_RETRY } from "../../http/turn-errors.js";
import type { CompletionRequest } from "./request.js";
import { CompletionStream } from "./stream.js";
import type { HomeTime } from "../../time/home-time.js";

/**
 * `cyrene-direct`: the client's request goes to the LLM as it is — its messages, its own tools, its
 * sampling — with none of Cyrene's tools and nothing stored. Chat UIs send their side tasks (titles,
 * tags, follow-up suggestions) as ordinary completions; this keeps them cheap and out of the history.
 */
export async function passThrough(
  llm: LlmClient,
  request: CompletionRequest,
  res: Response,
  signal: AbortSignal,
  time: Pick<HomeTime, "now">,
): Promise<void> {
  const created = Math.floor(time.now() / 1000);
  const id = `chatcmpl-direct-${created.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: request.echoModel,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const stream = request.stream ? new CompletionStream(res, () => ({})) : undefined;
  let started = false;
  const delta = (value: Record<string, unknown>) => {
    if (!started) stream?.chunk(chunk({ role: "assistant", content: "" }));
    started = true;
    stream?.chunk(chunk(value));
  };
  try {
    const response = await llm.complete({
      messages: request.messages,
      tools: request.clientTools,
      toolChoice: request.toolChoice,
      params: request.params,
      responseFormat: request.rawResponseFormat,
      signal,
      onText: (text) => delta({ content: text }),
    });
    const calls = response.toolCalls.map((call) => ({
      id: call.id,
      type: "function" as const,
      function: { name: call.name, arguments: call.arguments },
    }));
    const finish = calls.length ? "tool_calls" : (response.finishReason ?? "stop");
    const usage = response.usage && {
      prompt_tokens: response.usage.promptTokens,
      completion_tokens: response.usage.completionTokens,
      total_tokens: response.usage.promptTokens + response.usage.completionTokens,
    };
    if (!stream) {
      res.json({
        id,
        object: "chat.completion",
        created,
        model: request.echoModel,
        choices: [
          {
            index: 0,
            message: calls.length
              ? { role: "assistant", content: response.content || null, tool_calls: calls }
              : { role: "assistant", content: response.content },
            finish_reason: finish,
            logprobs: null,
          },
        ],
        ...(usage ? { usage } : {}),
      });
      return;
    }
    calls.forEach((call, index) => delta({ tool_calls: [{ index, ...call }] }));
    stream.chunk(chunk({}, finish));
    if (request.includeUsage && usage) stream.chunk({ ...chunk({}), choices: [], usage });
    stream.done();
  } catch (error) {
    const failure = error instanceof LlmError ? error : new LlmError("interrupted", String(error));
    if (failure.kind === "aborted") return;
    const apiError = apiErrorOf({ kind: failure.kind, message: failure.message, status: failure.status });
    if (stream) stream.fail(apiError);
    else res.status(apiError.status).set(NO_RETRY).json(openAiError(apiError));
  }
}
