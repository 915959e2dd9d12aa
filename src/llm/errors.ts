export type LlmErrorKind =
  | "auth"
  | "rate_limited"
  | "server"
  | "bad_request"
  | "not_found"
  | "timeout"
  | "interrupted"
  | "network"
  | "aborted";

/** A failed LLM request, with a message fit to show the user: it names the host and the cause. */
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

export interface LlmEndpoint {
  /** The configured base URL, e.g. https://api.deepseek.com or http://nas.lan:11434/v1. */
  baseUrl: string;
  model: string;
  /** The configured key; empty when none is set (a refusal then says the key is missing). */
  apiKey?: string;
  /** Where the user sets the key: `CYRENE_LLM_API_KEY` standalone, the add-on's option (the default). */
  keySetting?: string;
}

/** The host (and port) of a base URL, to name in messages; the text itself when it is no URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
