import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logging/logger.js";
import { storageProblem } from "../store/storage-errors.js";
import { DomainError, type ErrorKind } from "../domain-error.js";

/** An error as one wire format writes it: each format's shape is built in error-shapes.ts and nowhere else. */
export type ErrorShape = (error: ApiError) => unknown;

/** What an error is answered with, whatever the wire format (error-shapes.ts writes it). */
export interface ApiError {
  status: number;
  message: string;
  type: string;
  code: string | null;
  param?: string | null;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    /** The request field at fault, as OpenAI names it. */
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** Each kind of domain error as HTTP answers it, for every entry point. */
const BY_KIND: Record<ErrorKind, { status: number; code: string | null }> = {
  input: { status: 400, code: null },
  not_found: { status: 404, code: "not_found" },
  conflict: { status: 422, code: null },
};

/**
 * A domain error, or a storage fault (507 for a full disk), as the HTTP error it is answered with; other
 * errors as they are.
 */
function asHttpError(error: unknown): unknown {
  if (error instanceof DomainError) {
    const { status, code } = BY_KIND[error.kind];
    return new HttpError(status, error.message, "invalid_request_error", error.field, code);
  }
  const problem = storageProblem(error);
  return problem ? new HttpError(problem.status, problem.message, "server_error", null, problem.code) : error;
}

/**
 * What a thrown error is answered with: an HttpError as it says; a domain error by its kind; a full disk or a damaged database as
 * such ("the disk is full"), not as an internal error; anything else by its `status` (Express's body
 * parser sets one), or as a 500 that shows nothing of it.
 */
export function answerOf(thrown: unknown): ApiError {
  const error = asHttpError(thrown);
  if (error instanceof HttpError) {
    const { status, message, type, code, param } = error;
    return { status, message, type, code, param };
  }
  const status = (error as { status?: number }).status ?? 500;
  return {
    status,
    message: status >= 500 ? "Internal error" : (error as Error).message,
    type: status >= 500 ? "server_error" : "invalid_request_error",
    code: null,
    param: null,
  };
}

/**
 * The last handler of an Express app: every error answered in one wire format's shape (`shape`, from
 * error-shapes.ts), a 5xx logged with what was thrown.
 */
export function errorHandler(logger: Logger, shape: ErrorShape, what = "request failed") {
  return (thrown: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const answer = answerOf(thrown);
    if (answer.status >= 500) logger.error({ err: thrown }, what);
    if (res.headersSent) return res.end();
    res.status(answer.status).json(shape(answer));
  };
}
