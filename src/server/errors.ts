import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { formatIssues } from "../tools/define-tool.js";
import type { Logger } from "../logging/logger.js";

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

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new HttpError(400, `Invalid request: ${formatIssues(parsed.error)}`);
  return parsed.data;
}

/** Answers errors in the OpenAI error shape, which both our API and OpenAI clients understand. */
export function errorHandler(logger: Logger) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = error instanceof HttpError ? error.status : ((error as { status?: number }).status ?? 500);
    if (status >= 500) logger.error({ err: error }, "request failed");
    const message =
      status >= 500 && !(error instanceof HttpError) ? "Internal error" : (error as Error).message;
    const type =
      error instanceof HttpError ? error.type : status >= 500 ? "server_error" : "invalid_request_error";
    if (res.headersSent) return res.end();
    const { param = null, code = null } = error instanceof HttpError ? error : {};
    res.status(status).json({ error: { message, type, code, param } });
  };
}
