import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../../logging/logger.js";
import { asHttpError, errorHandler, HttpError } from "../../server/errors.js";

const isOllamaPath = (req: Request) => req.path === "/" || req.path.startsWith("/api/");

/** Requests nothing here answers: Ollama's error shape under /api, OpenAI's elsewhere (/v1). */
export function notFound(req: Request, _res: Response, next: NextFunction): void {
  const hint = isOllamaPath(req)
    ? " Cyrene answers /api/chat, /api/tags, /api/show, /api/pull and /api/version."
    : "";
  next(new HttpError(404, `No route for ${req.method} ${req.path}.${hint}`, "not_found"));
}

/** Ollama clients read `{"error": "…"}`; the /v1 routes on this port keep the OpenAI shape. */
export function ollamaErrors(logger: Logger) {
  const openAiShape = errorHandler(logger);
  return (thrown: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!isOllamaPath(req)) return openAiShape(thrown, req, res, next);
    const error = asHttpError(thrown);
    const status = error instanceof HttpError ? error.status : ((error as { status?: number }).status ?? 500);
    if (status >= 500) logger.error({ err: error }, "Ollama API request failed");
    if (res.headersSent) return res.end();
    const message =
      status >= 500 && !(error instanceof HttpError) ? "Internal error" : (error as Error).message;
    res.status(status).json({ error: message });
  };
}
