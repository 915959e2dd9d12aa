import { NetError, findNetError } from "./errors.js";

export interface FailureContext {
  url: string;
  timeoutMs: number;
  /** The fetch's own deadline. */
  deadline: AbortSignal;
  /** The caller's signal (shutdown, tool time limit). */
  callerSignal?: AbortSignal;
}

/** Turns whatever a request threw into a `NetError` whose message says what happened, in words. */
export function describeFailure(error: unknown, context: FailureContext): NetError {
  const { url, timeoutMs, deadline, callerSignal } = context;
  const known = findNetError(error);
  if (known) return known;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the text as given
  }
  if (deadline.aborted) {
    return new NetError(`${host} did not answer within ${formatSeconds(timeoutMs)}.`, "timeout");
  }
  if (callerSignal?.aborted) return new NetError(`The request to ${host} was cancelled.`, "aborted");
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const fail = (text: string, kind: NetError["kind"] = "unreachable") =>
    new NetError(text, kind, { cause: error });
  switch (code) {
    case "ECONNREFUSED":
      return fail(`Could not connect to ${host}: connection refused (nothing is listening there).`);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return fail(`Could not resolve ${host} (no such host).`);
    case "ECONNRESET":
    case "EPIPE":
    case "ERR_STREAM_PREMATURE_CLOSE":
      return fail(`${host} closed the connection unexpectedly.`);
    case "ETIMEDOUT":
    case "ECONNABORTED":
      return fail(`${host} did not answer in time.`, "timeout");
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return fail(`${host} is unreachable from here (no route).`);
  }
  if (code && /^(Z_|ERR__ERROR_|ERR_BROTLI)/.test(code)) {
    return fail(`${host} sent a body that could not be decompressed.`, "bad_response");
  }
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) {
    return fail(`The TLS certificate of ${host} was not accepted (${code}).`);
  }
  if (code?.startsWith("HPE_"))
    return fail(`${host} sent an invalid HTTP response (${code}).`, "bad_response");
  if (/decompress|incorrect header check|brotli/i.test(message)) {
    return fail(`${host} sent a body that could not be decompressed.`, "bad_response");
  }
  return fail(`The request to ${host} failed: ${message || code || "unknown error"}.`);
}

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code && code !== "ERR_BAD_RESPONSE" && code !== "ERR_BAD_REQUEST" && code !== "ERR_NETWORK")
      return code;
    current = current.cause;
  }
  return undefined;
}

export function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
