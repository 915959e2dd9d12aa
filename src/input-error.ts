import { DomainError } from "./domain-error.js";

/**
 * Input a person or the LLM got wrong (an impossible date, an unknown time zone, an id that names
 * nothing): its message says what to send instead. Tools answer it as an error result; the HTTP API as
 * a 400 (a 404 for `not_found`).
 */
export class InputError extends DomainError {
  override name = "InputError";

  constructor(message: string, kind: "input" | "not_found" = "input") {
    super(message, kind);
  }
}
