import type { ApiError, ErrorShape } from "./errors.js";

/** OpenAI's `{error: {message, type, code, param}}`, which OpenAI SDKs raise (/v1, and Cyrene's own /api). */
export const openAiError: ErrorShape = (error) => ({
  error: { message: error.message, type: error.type, code: error.code, param: error.param ?? null },
});

/** Ollama's `{error: "…"}`, which the ollama clients raise: a body, or one line of a stream. */
export const ollamaError = (error: Pick<ApiError, "message">) => ({ error: error.message });

/**
 * An error inside one of Cyrene's own /api/chat answers: `{message, code}` in an SSE `error` event and in
 * the `final` event, with the type besides in a JSON reply.
 */
export const cyreneError = (error: Pick<ApiError, "message" | "code"> & { type?: string }) => ({
  message: error.message,
  code: error.code,
  ...(error.type ? { type: error.type } : {}),
});
