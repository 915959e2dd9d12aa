/**
 * What went wrong, as whoever answers the caller needs to know it: the caller's input, something the caller
 * named that does not exist, or a request that contradicts an earlier one. http/errors.ts maps each kind
 * to its HTTP answer, once, for every entry point.
 */
export type ErrorKind = "input" | "not_found" | "conflict";

/** An expected failure whose message is meant for the caller; anything else thrown is a bug. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind,
    /** The request field at fault, where one is (OpenAI's `param`). */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}
