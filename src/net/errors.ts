/**
 * Errors of the network layer. Their messages are written for a person (and so for the LLM): tools turn
 * them into `ToolError`s unchanged. Anything else thrown from here is a bug.
 */
export class NetError extends Error {
  override name = "NetError";
  constructor(
    message: string,
    readonly kind: NetErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type NetErrorKind =
  /** The guard refused the URL: scheme, host or address not allowed, or a secret in it. */
  | "refused"
  | "timeout"
  | "aborted"
  | "too_many_redirects"
  /** DNS failure, connection refused or reset, TLS problem. */
  | "unreachable"
  /** The response could not be read (broken compression, connection cut). */
  | "bad_response"
  /** fetchDocument: the server answered 4xx/5xx. */
  | "http_status"
  /** fetchDocument: a PDF, an image or another binary, not text. */
  | "unsupported_type"
  /** readPage: an HTML page too deeply nested, too large or too slow to read (nothing readable fits). */
  | "too_complex";

/** The guard's refusal. Also raised from inside a connection's DNS lookup. */
export class NetworkRefusedError extends NetError {
  override name = "NetworkRefusedError";
  constructor(message: string) {
    super(message, "refused");
  }
}

/** Finds a `NetError` in an error or its chain of causes (libraries wrap what our lookup threw). */
export function findNetError(error: unknown, depth = 0): NetError | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  if (error instanceof NetError) return error;
  if (error instanceof AggregateError) {
    for (const inner of error.errors as unknown[]) {
      const found = findNetError(inner, depth + 1);
      if (found) return found;
    }
  }
  return findNetError(error.cause, depth + 1);
}
