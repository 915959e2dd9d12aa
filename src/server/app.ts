import express, { type Express, type Router } from "express";
import type { Assistant } from "../agent/assistant.js";
import type { Logger } from "../logging/logger.js";
import type { ConversationStore } from "../store/conversations.js";
import type { LlmClient } from "../llm/client.js";
import type { JobStore } from "../store/jobs.js";
import type { ToolPolicy } from "../tools/policy.js";
import { bearerAuth, ingressOnly } from "../http/auth.js";
import { personFromHeaders } from "./person.js";
import { errorHandler, HttpError } from "../http/errors.js";
import { openAiError } from "../http/error-shapes.js";
import { chatRoutes } from "./routes/chat.js";
import { healthRoutes, type HealthInfo } from "./routes/health.js";
import { knowledgeRoutes, type KnowledgeRouteDeps } from "./routes/knowledge.js";
import { meRoutes } from "./routes/me.js";
import { openAiRoutes } from "./routes/openai.js";
import { reminderRoutes, type ReminderRouteDeps } from "./routes/reminders.js";
import { statusRoutes } from "./routes/status.js";
import { thoughtRoutes, type ThoughtRecipients } from "./routes/thoughts.js";
import { webRoutes } from "./routes/web.js";
import type { TurnStore } from "../store/turns.js";
import type { ThoughtStore } from "../store/thoughts.js";
import type { HomeTime } from "../time/home-time.js";

export interface AppDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  jobs: JobStore;
  policy: ToolPolicy;
  llm: LlmClient;
  /** The names of the tools Cyrene offers under `policy`. */
  toolNames: () => string[];
  logger: Logger;
  health: HealthInfo;
  apiToken?: string;
  reminders: ReminderRouteDeps;
  thoughts: ThoughtStore;
  /** Where thoughts' words go, named in /api/thoughts. */
  thoughtRecipients?: ThoughtRecipients;
  /** The knowledge base for the web UI (/api/knowledge). */
  knowledge?: KnowledgeRouteDeps;
  turns: TurnStore;
  trustUserHeaders: boolean;
  showAllConversations: boolean;
  /** Add-on mode: this listener is HA's ingress port and answers only the ingress proxy. */
  ingressOnly: boolean;
  /** Cyrene's tools over MCP (/mcp), behind this port's token check. */
  mcp?: Router;
  /** The home's time: the answers' and the thoughts' instants. */
  time: Pick<HomeTime, "now">;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  if (deps.ingressOnly) app.use(ingressOnly());
  if (deps.apiToken) app.use(bearerAuth(deps.apiToken, { trustIngress: deps.ingressOnly }));
  app.use(express.json({ limit: "2mb" }));
  app.use(personFromHeaders(deps.trustUserHeaders));
  app.use(requestLog(deps.logger));
  app.use(healthRoutes(deps.health));
  if (deps.mcp) app.use(deps.mcp);
  app.use(chatRoutes(deps));
  app.use(openAiRoutes(deps));
  app.use(reminderRoutes(deps.reminders));
  app.use(thoughtRoutes(deps.thoughts, deps.time, deps.thoughtRecipients));
  if (deps.knowledge) app.use(knowledgeRoutes(deps.knowledge));
  app.use(statusRoutes({ ...deps.health, toolNames: deps.toolNames }, deps.turns));
  app.use(meRoutes());
  app.use(webRoutes());
  app.use((req, _res, next) =>
    next(new HttpError(404, `No route for ${req.method} ${req.path}`, "not_found")),
  );
  app.use(errorHandler(deps.logger, openAiError));
  return app;
}

function requestLog(logger: Logger) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const started = performance.now();
    res.on("finish", () => {
      logger.debug(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "http",
      );
    });
    next();
  };
}
