import { join } from "node:path";
import type { Express } from "express";
import { Assistant } from "./agent/assistant.js";
import { BackgroundJobs } from "./agent/background-jobs.js";
import { Synthesizer } from "./agent/synthesizer.js";
import type { Config } from "./config/schema.js";
import { LlmClient } from "./llm/client.js";
import type { Logger } from "./logging/logger.js";
import { createApp } from "./server/app.js";
import { ConversationStore } from "./store/conversations.js";
import { openDatabase } from "./store/database.js";
import { JobStore } from "./store/jobs.js";
import type { Tool } from "./tools/contract.js";
import { allowAllTools } from "./tools/policy.js";
import { ToolRegistry } from "./tools/registry.js";
import { VERSION } from "./version.js";

export interface Cyrene {
  config: Config;
  assistant: Assistant;
  registry: ToolRegistry;
  conversations: ConversationStore;
  jobs: JobStore;
  background: BackgroundJobs;
  app: Express;
  close(): Promise<void>;
}

export interface ComposeOptions {
  logger: Logger;
  /** Tools added after the built-in ones (tests use this for tools with scripted behaviour). */
  extraTools?: Tool[];
}

/** The composition root: the one place that builds every part and wires them together. */
export function createCyrene(config: Config, options: ComposeOptions): Cyrene {
  const { logger } = options;
  const db = openDatabase(join(config.dataDir, "cyrene.db"));
  const conversations = new ConversationStore(db);
  const jobs = new JobStore(db);
  const interrupted = jobs.interruptRunning();
  if (interrupted > 0) logger.warn({ interrupted }, "background jobs were interrupted by the restart");

  const timeZone = () => config.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const registry = new ToolRegistry().register(
    ...builtInTools(config, { timeZone }),
    ...(options.extraTools ?? []),
  );

  const llm = new LlmClient(config.llm);
  const background = new BackgroundJobs(jobs, logger);
  const synthesizer = new Synthesizer(llm, registry, background, logger, config.agent);
  const assistant = new Assistant(conversations, background, synthesizer, logger, {
    timeZone,
    customPrompt: config.agent.systemPrompt,
  });
  const policy = allowAllTools;
  const app = createApp({
    assistant,
    conversations,
    jobs,
    policy,
    logger,
    apiToken: config.server.apiToken,
    ingressOnly: Boolean(config.supervisorToken),
    health: { version: VERSION, model: config.llm.model, tools: () => registry.names().length },
  });

  return {
    config,
    assistant,
    registry,
    conversations,
    jobs,
    background,
    app,
    async close() {
      db.close();
    },
  };
}

interface ToolEnvironment {
  timeZone: () => string;
}

function builtInTools(_config: Config, _env: ToolEnvironment): Tool[] {
  return [];
}
