/**
 * Input a person or the LLM got wrong (an impossible date, an unknown time zone): its message says what
 * to send instead. Tools answer it as an error result; the HTTP API as a 400.
 */
export class InputError extends Error {
  override name = "InputError";
}
