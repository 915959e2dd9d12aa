import express, { type Express } from "express";
import { chatRoutes } from "./chat-route.js";
import type { OllamaAppDeps } from "./deps.js";
import { notFound, ollamaErrors } from "./errors.js";
import { modelRoutes } from "./models.js";

/** The Ollama-compatible API that HA's Ollama integration talks to, with /v1 beside it. */
export function createOllamaApp(deps: OllamaAppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(deps.health);
  app.use(deps.access);
  // AI Task requests may carry camera images (base64). Every body is JSON, with or without a Content-Type:
  // Ollama's own docs send `curl -d '{…}'`, which says form data, and real Ollama accepts it.
  app.use(express.json({ limit: "16mb", type: () => true }));
  app.use(deps.openAi);
  if (deps.mcp) app.use(deps.mcp);
  app.use(modelRoutes(deps.time));
  app.use(chatRoutes(deps));
  app.use(notFound);
  app.use(ollamaErrors(deps.logger));
  return app;
}
