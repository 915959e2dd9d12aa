import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";

export type LlmErrorKind =
  "auth" | "rate_limited" | "server" | "bad_request" | "timeout" | "interrupted" | "network" | "aborted";

/** A failed LLM request, with a message fit to show the user. */
export class LlmError extends Error {
  override name = "LlmError";
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
    /** How long the provider asked us to wait before trying again (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return ["rate_limited", "server", "timeout", "interrupted", "network"].includes(this.kind);
  }
}

export function toLlmError(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof APIUserAbortError) return new LlmError("aborted", "The request was cancelled.");
  if (error instanceof APIConnectionTimeoutError) {
    return new LlmError("timeout", "The language model did not answer in time.");
  }
  if (error instanceof APIConnectionError) {
    return new LlmError("network", `The language model could not be reached (${error.message}).`);
  }
  if (error instanceof APIError && error.status !== undefined) {
    const detail = error.message.replace(/^\d+\s*/, "");
    const status = error.status;
    if (status === 401 || status === 403) {
      return new LlmError("auth", `The language model refused the API key (${status}): ${detail}`, status);
    }
    if (status === 429) {
      const retryAfterMs = retryAfter(error.headers?.get("retry-after"));
      return new LlmError("rate_limited", "The language model is rate-limited (429).", status, retryAfterMs);
    }
    if (status >= 500) return new LlmError("server", `The language model failed (${status}).`, status);
    return new LlmError(
      "bad_request",
      `The language model rejected the request (${status}): ${detail}`,
      status,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LlmError("interrupted", `The connection to the language model broke off (${message}).`);
}

/** Retry-After is either seconds or an HTTP date. */
function retryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
