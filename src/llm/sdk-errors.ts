import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { msLeft } from "../time/deadline.js";
import { hostOf, LlmError, type LlmEndpoint } from "./errors.js";

/** Turns whatever a request threw into an LlmError whose message says where it failed and why. */
export function toLlmError(error: unknown, endpoint: LlmEndpoint): LlmError {
  if (error instanceof LlmError) return error;
  const host = hostOf(endpoint.baseUrl);
  if (error instanceof APIUserAbortError) return new LlmError("aborted", "The request was cancelled.");
  if (error instanceof APIConnectionTimeoutError) {
    return new LlmError("timeout", `The language model at ${host} did not answer in time.`);
  }
  if (error instanceof APIConnectionError) {
    return new LlmError("network", `Cannot reach the language model at ${host}: ${connectionCause(error)}.`);
  }
  if (error instanceof APIError && error.status !== undefined) {
    // The provider's own sentence usually ends in a period; ours follows it.
    const detail = error.message
      .replace(/^\d+\s*/, "")
      .trim()
      .replace(/[.。]+$/, "");
    const status = error.status;
    const said = detail ? `: ${detail}` : "";
    if (status === 401 || status === 403) {
      const setting = endpoint.keySetting ?? 'the "llm_api_key" option';
      return new LlmError(
        "auth",
        endpoint.apiKey === ""
          ? `The language model at ${host} wants an API key (${status})${said}. The API key is missing: set ${setting}.`
          : `The language model at ${host} refused the API key (${status})${said}. Check ${setting}.`,
        status,
      );
    }
    if (status === 404) {
      return new LlmError(
        "not_found",
        `The language model at ${host} answered 404 (not found)${said}. Does the base URL end in /v1 ` +
          `(e.g. http://host:11434/v1), and does the model "${endpoint.model}" exist there?`,
        status,
      );
    }
    if (status === 429) {
      const retryAfterMs = retryAfter(error.headers?.get("retry-after"));
      return new LlmError(
        "rate_limited",
        `The language model at ${host} is rate-limited (429)${said}.`,
        status,
        retryAfterMs,
      );
    }
    if (status >= 500) {
      return new LlmError("server", `The language model at ${host} failed (${status})${said}.`, status);
    }
    return new LlmError(
      "bad_request",
      `The language model at ${host} rejected the request (${status})${said}`,
      status,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LlmError(
    "interrupted",
    `The connection to the language model at ${host} broke off (${message}).`,
  );
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: "connection refused (is the server running, and is the port right?)",
  ENOTFOUND: "the host name does not resolve (DNS)",
  EAI_AGAIN: "the host name could not be looked up right now (DNS)",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  UND_ERR_SOCKET: "the connection closed unexpectedly",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its TLS certificate chain is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate cannot be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "its TLS certificate's issuer is unknown",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another host name",
  EPROTO: "TLS failed (is it plain http on that port?)",
  ERR_SSL_WRONG_VERSION_NUMBER: "TLS failed (is it plain http on that port?)",
};

/** The innermost cause of a connection error (the SDK wraps fetch's, which wraps the socket's). */
function connectionCause(error: Error): string {
  let cause: unknown = error;
  let deepest: { code?: string; message?: string } = {};
  while (cause && typeof cause === "object") {
    deepest = cause as { code?: string; message?: string };
    cause = (cause as { cause?: unknown }).cause;
  }
  const code = deepest.code ?? "";
  if (CAUSES[code]) return CAUSES[code];
  // fetch refuses some ports outright (9, 25, 6000, …) before trying to connect.
  if (deepest.message === "bad port") return "fetch refuses to use that port; choose another one";
  if (/^(ERR_TLS|ERR_SSL|CERT_)/.test(code)) return `TLS failed (${code})`;
  return deepest.message && deepest !== error ? deepest.message : "connection error";
}

/** Retry-After is either seconds or an HTTP date. */
function retryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : msLeft(Date.parse(value));
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
