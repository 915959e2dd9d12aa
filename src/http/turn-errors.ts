import type { TurnError } from "../agent/events.js";
import type { ApiError } from "./errors.js";

const BY_KIND: Record<TurnError["kind"], { status: number; code: string }> = {
  network: { status: 502, code: "llm_unreachable" },
  auth: { status: 502, code: "llm_auth_failed" },
  not_found: { status: 502, code: "llm_not_found" },
  rate_limited: { status: 502, code: "llm_rate_limited" },
  server: { status: 502, code: "llm_server_error" },
  bad_request: { status: 502, code: "llm_bad_request" },
  interrupted: { status: 502, code: "llm_interrupted" },
  timeout: { status: 504, code: "llm_timeout" },
  deadline: { status: 504, code: "turn_deadline" },
  invalid_output: { status: 502, code: "invalid_json_output" },
  aborted: { status: 499, code: "cancelled" },
};

/** How a failed turn is answered: 502 for the LLM's failures, 504 when it or the turn ran out of time. */
export function apiErrorOf(error: TurnError): ApiError {
  const { status, code } = BY_KIND[error.kind];
  return { status, code, message: error.message, type: "server_error", param: null };
}

/**
 * OpenAI SDKs retry 5xx answers on their own. Cyrene has already retried the LLM, and a repeated turn
 * could repeat what its tools did (a light toggled twice), so failed turns say not to.
 */
export const NO_RETRY = { "x-should-retry": "false" } as const;
