import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../../logging/logger.js";
import { ollamaError, openAiError } from "../../http/error-shapes.js";
import { errorHandler, HttpError } from "../../http/errors.js";

/** Ollama's own paths (its error shape); the rest of this port (/v1, /mcp) speaks OpenAI's. */
export const isOllamaPathname = (path: string) => path === "/" || path.startsWith("/api/");
const isOllamaPath = (req: Request) => isOllamaPathname(req.path);

/** Requests nothing here answers: Ollama's error shape under /api, OpenAI's elsewhere (/v1). */
export function notFound(req: Request, _res: Response, next: NextFunction): void {
  const hint = isOllamaPath(req)
    ? " Cyrene answers /api/chat, /api/tags, /api/show, /api/pull and /api/version."
    : "";
  next(new HttpError(404, `No route for ${req.method} ${req.path}.${hint}`, "not_found"));
}

/** Ollama clients read `{"error": "…"}`; the /v1 routes on this port keep the OpenAI shape. */
export function ollamaErrors(logger: Logger) {
  const openAiShape = errorHandler(logger, openAiError);
  const ollamaShape = errorHandler(logger, ollamaError, "Ollama API request failed");
  return (thrown: unknown, req: Request, res: Response, next: NextFunction) =>
    (isOllamaPath(req) ? ollamaShape : openAiShape)(thrown, req, res, next);
}
