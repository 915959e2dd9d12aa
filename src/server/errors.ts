import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { formatIssues } from "../tools/define-tool.js";
import type { Logger } from "../logging/logger.js";
import { storageProblem } from "../store/storage-errors.js";

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

/** A storage fault as the HTTP error it is answered with (507 for a full disk); other errors as they are. */
export function asHttpError(error: unknown): unknown {
  const problem = storageProblem(error);
  return problem ? new HttpError(problem.status, problem.message, "server_error", null, problem.code) : error;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new HttpError(400, `Invalid request: ${formatIssues(parsed.error)}`);
  return parsed.data;
}

/** Answers errors in the OpenAI error shape, which both our API and OpenAI clients understand. */
export function errorHandler(logger: Logger) {
  return (thrown: unknown, _req: Request, res: Response, _next: NextFunction) => {
    // A full disk or a damaged database is said as such ("the disk is full"), not as an internal error.
    const error = asHttpError(thrown);
    const status = error instanceof HttpError ? error.status : ((error as { status?: number }).status ?? 500);
    if (status >= 500) logger.error({ err: thrown }, "request failed");
    const message =
      status >= 500 && !(error instanceof HttpError) ? "Internal error" : (error as Error).message;
    const type =
      error instanceof HttpError ? error.type : status >= 500 ? "server_error" : "invalid_request_error";
    if (res.headersSent) return res.end();
    const { param = null, code = null } = error instanceof HttpError ? error : {};
    res.status(status).json({ error: { message, type, code, param } });
  };
}
