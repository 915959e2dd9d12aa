import express, { type Express, type RequestHandler, type Router } from "express";
import type { Assistant } from "../../agent/assistant.js";
import type { Logger } from "../../logging/logger.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { chatRoutes } from "./chat-route.js";
import { notFound, ollamaErrors } from "./errors.js";
import { modelRoutes } from "./models.js";
import type { HomeTime } from "../../time/home-time.js";

export interface OllamaAppDeps {
  assistant: Assistant;
  policy: ToolPolicy;
  logger: Logger;
  /** A voice turn answers within this long. */
  deadlineMs: number;
  /** Who may use this port (see http/source-access.ts). */
  access: RequestHandler;
  /** The OpenAI-compatible routes, served on this port too. */
  openAi: Router;
  /** /healthz and /readyz. */
  health: Router;
  /**
   * The names of Cyrene's own tools: an HA tool of the same name (HA names script tools after the
   * script) is left out of the turn rather than shadowing Cyrene's.
   */
  toolNames?: () => string[];
  /** Cyrene's tools over MCP (/mcp), for HA's `mcp` integration and other MCP clients. */
  mcp?: Router;
  /** The home's time, the instant the answers are stamped with. */
  time: Pick<HomeTime, "now">;
}

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
