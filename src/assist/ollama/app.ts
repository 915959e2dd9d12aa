import express, { type Express, type RequestHandler, type Router } from "express";
import type { Assistant } from "../../agent/assistant.js";
import type { Logger } from "../../logging/logger.js";
import type { ConversationStore } from "../../store/conversations.js";
import type { ToolPolicy } from "../../tools/policy.js";

export interface OllamaAppDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  policy: ToolPolicy;
  logger: Logger;
  /** A voice turn answers within this long. */
  deadlineMs: number;
  /** Who may use this port (see server/access.ts). */
  access: RequestHandler;
  /** The OpenAI-compatible routes, served on this port too. */
  openAi: Router;
  /** /healthz and /readyz. */
  health: Router;
}

/** The Ollama-compatible API that HA's Ollama integration talks to, with /v1 beside it. */
export function createOllamaApp(deps: OllamaAppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(deps.health);
  app.use(deps.access);
  app.use(express.json({ limit: "4mb" }));
  app.use(deps.openAi);
  // The Ollama routes themselves: see the issue (GET /api/tags, POST /api/chat, /api/pull, /api/version).
  return app;
}
