import type { Server as NetServer } from "node:net";
import { join } from "node:path";
import type { Express } from "express";
import { Assistant, type AssistantOptions } from "./agent/assistant.js";
import { BackgroundJobs } from "./agent/background-jobs.js";
import { Synthesizer } from "./agent/synthesizer.js";
import { configured } from "./config/load.js";
import { settingName } from "./config/sources.js";
import { generalAndHomeTools, notConfiguredTools, vectorSearchSetting } from "./tools/built-in.js";
import type { Config } from "./config/schema.js";
import { LlmClient } from "./llm/client.js";
import { LlmHealth } from "./llm/health.js";
import type { Logger } from "./logging/logger.js";
import { createOllamaApp } from "./assist/ollama/app.js";
import { createWyomingServer } from "./assist/wyoming/server.js";
import { systemClock, type Clock } from "./clock.js";
import { HaNotifier } from "./notify/ha-notifier.js";
import type { Notifier } from "./notify/notifier.js";
import { createReminders, type Reminders } from "./reminders/index.js";
import { reminderCreateTool } from "./tools/home/reminder-create.js";
import { reminderDeleteTool } from "./tools/home/reminder-delete.js";
import { reminderListTool } from "./tools/home/reminder-list.js";
import { assistAccess } from "./server/access.js";
import { createApp } from "./server/app.js";
import { healthRoutes } from "./server/routes/health.js";
import { openAiRoutes } from "./server/routes/openai.js";
import { ConversationStore } from "./store/conversations.js";
import { openDatabase } from "./store/database.js";
import { JobStore } from "./store/jobs.js";
import { TurnStore } from "./store/turns.js";
import type { Tool } from "./tools/contract.js";
import { allowAllTools } from "./tools/policy.js";
import { createThinker } from "./thinker/index.js";
import type { ThoughtStore } from "./thinker/store.js";
import type { Thinker } from "./thinker/thinker.js";
import { ToolRegistry } from "./tools/registry.js";
import { createMcpServer, type McpEndpoint } from "./mcp/server/index.js";
import { HOUSEHOLD, UNNAMED } from "./store/conversation-access.js";
import { createHomeAssistant, type HomeAssistant } from "./ha/index.js";
import { createKnowledge, type Knowledge } from "./knowledge/index.js";
import { knowledgeFileAccess, knowledgeGuard, knowledgeTools } from "./tools/knowledge/knowledge-tools.js";
import { VERSION } from "./version.js";

export interface Cyrene {
  config: Config;
  assistant: Assistant;
  registry: ToolRegistry;
  conversations: ConversationStore;
  jobs: JobStore;
  turns: TurnStore;
  reminders: Reminders;
  notifier: Notifier;
  thinker: Thinker;
  thoughts: ThoughtStore;
  background: BackgroundJobs;
  ha: HomeAssistant;
  /** The knowledge base and the long-term memory. */
  knowledge: Knowledge;
  /** The ingress port's app: Cyrene's own API and (later) the web UI. */
  app: Express;
  /** The Ollama-compatible API and /v1, for HA's Ollama integration (port assist.ollamaPort). */
  ollama: Express;
  /** The Wyoming handle server, for HA's Wyoming integration (port assist.wyomingPort). */
  wyoming: NetServer;
  /** Cyrene's tools over MCP, at /mcp on the ingress and the Ollama port. */
  mcp: McpEndpoint;
  close(): Promise<void>;
}

export interface ComposeOptions {
  logger: Logger;
  /** Tools added after the built-in ones (tests use this for tools with scripted behaviour). */
  extraTools?: Tool[];
  /** The current instant for turns; tests pass a controllable clock. */
  clock?: () => Date;
  /** Time and timers for the reminders (default: the system's). */
  schedulerClock?: Clock;
  /** Delivers to the user (default: through Home Assistant); tests record instead. */
  notifier?: Notifier;
  /** The Home Assistant to act on (default: the configured one); the eval passes its homes. */
  ha?: HomeAssistant;
}

/** The composition root: the one place that builds every part and wires them together. */
export function createCyrene(config: Config, options: ComposeOptions): Cyrene {
  const { logger } = options;
  const databasePath = join(config.dataDir, "cyrene.db");
  const db = openDatabase(databasePath);
  const conversations = new ConversationStore(db);
  const jobs = new JobStore(db);
  const turns = new TurnStore(db);
  const interrupted = jobs.interruptRunning();
  if (interrupted > 0) logger.warn({ interrupted }, "background jobs were interrupted by the restart");
  turns.interruptRunning();

  const ha = options.ha ?? createHomeAssistant(config, logger);
  const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const timeZone = () => config.timeZone ?? ha.timeZone() ?? systemZone;
  const clock = options.schedulerClock ?? systemClock;
  const notifier = options.notifier ?? new HaNotifier({ ha, ttsEntity: config.reminders.ttsEntity });
  const reminders = createReminders({
    db,
    ha,
    notifier,
    clock,
    logger,
    zone: timeZone,
    settings: {
      defaultTargets: {
        notify: config.reminders.notify.map((t) => (t.includes(".") ? t : `notify.${t}`)),
        speak: config.reminders.speak,
      },
      missedAfterMs: config.reminders.missedAfterMs,
      snoozeMs: config.reminders.snoozeMs,
    },
  });
  const maxDocumentBytes = Math.round(config.knowledge.maxDocumentMb * 2 ** 20);
  const { baseUrl: embeddingsUrl, apiKey: embeddingsKey, model: embeddingsModel } = config.embeddings;
  const knowledge = createKnowledge({
    db,
    guard: configured("network.allowHosts / network.denyHosts", () => knowledgeGuard(config)),
    logger,
    zone: timeZone,
    limits: { maxBytes: maxDocumentBytes, timeoutMs: Math.max(60_000, config.web.timeoutMs) },
    embeddings:
      embeddingsUrl && embeddingsModel
        ? { baseUrl: embeddingsUrl, apiKey: embeddingsKey, model: embeddingsModel }
        : undefined,
  });
  const registry = new ToolRegistry().register(
    ...generalAndHomeTools(config, { timeZone, databasePath, ha }),
    reminderCreateTool({ reminders: reminders.service, zone: timeZone }),
    reminderListTool({ reminders: reminders.service, store: reminders.store, zone: timeZone }),
    reminderDeleteTool({ reminders: reminders.service, zone: timeZone }),
    ...knowledgeTools({
      knowledge: knowledge.base,
      memory: knowledge.memory,
      ownerOf: (id) => conversations.ownerOf(id),
      files: knowledgeFileAccess(config, databasePath),
      zone: timeZone,
      clock: options.clock,
      maxFileBytes: maxDocumentBytes,
    }),
    ...(options.extraTools ?? []),
  );
  configured('tools.disabled (CYRENE_TOOLS_DISABLED, option "tools_disabled")', () =>
    registry.disable(config.tools.disabled),
  );
  registry.notConfigured(notConfiguredTools(config, ha));
  configured('thinker.tools (CYRENE_THINKER_TOOLS, option "thinker_tools")', () => {
    const unknown = config.thinker.tools.filter((name) => !registry.names().includes(name));
    if (unknown.length)
      throw new Error(`unknown tool ${unknown.join(", ")}; the tools are: ${registry.names().join(", ")}`);
  });

  const llmHealth = new LlmHealth();
  const keySetting = settingName("llm.apiKey", Boolean(config.supervisorToken));
  const llm = new LlmClient({ ...config.llm, logger, health: llmHealth, keySetting });
  const background = new BackgroundJobs(jobs, logger, config.agent.maxToolResultChars);
  const synthesizer = new Synthesizer(llm, registry, background, logger, config.agent);
  const noteSources: NonNullable<AssistantOptions["noteSources"]> = [];
  const assistant = new Assistant(conversations, turns, background, synthesizer, logger, {
    noteSources,
    timeZone,
    customPrompt: config.agent.systemPrompt,
    turnDeadlineMs: config.agent.turnDeadlineMs,
    clock: options.clock,
  });
  const notifyTargets = config.reminders.notify.map((t) => (t.includes(".") ? t : `notify.${t}`));
  const thinking = createThinker({
    db,
    config: config.thinker,
    notifyTargets,
    assistant,
    conversations,
    reminders: reminders.service,
    ha,
    notifier,
    clock,
    logger,
    zone: timeZone,
  });
  noteSources.push(({ source }) => thinking.thinker.notesFor(source));
  noteSources.push(knowledge.factsNote.noteFor);
  configured("thinker.schedule (CYRENE_THINKER_SCHEDULE)", () => thinking.start());

  const policy = allowAllTools;
  const toolNames = () => registry.definitions(policy).map((definition) => definition.name);
  const health = {
    version: VERSION,
    model: config.llm.model,
    tools: () => registry.definitions(policy).length,
    disabledTools: () => registry.disabledNames(),
    notConfiguredTools: () => registry.notConfiguredTools(),
    vectorSearch: vectorSearchSetting(config),
    homeAssistant: () => ha.status(),
    llm: () => llmHealth.state,
  };
  const mcp = configured('mcp.tools (CYRENE_MCP_TOOLS, option "mcp_tools")', () =>
    createMcpServer({
      registry,
      background,
      jobs,
      conversations,
      logger,
      whitelist: config.mcp.tools,
      limits: config.agent,
    }),
  );
  const app = createApp({
    assistant,
    conversations,
    jobs,
    policy,
    llm,
    toolNames,
    logger,
    apiToken: config.server.apiToken,
    ingressOnly: Boolean(config.supervisorToken),
    trustUserHeaders: config.server.trustUserHeaders,
    showAllConversations: config.server.showAllConversations,
    health,
    reminders: { reminders: reminders.service, store: reminders.store },
    thoughts: thinking.thoughts,
    thoughtRecipients: { notify: notifyTargets, satellite: config.thinker.satellite },
    knowledge: { knowledge: knowledge.base, maxUploadBytes: maxDocumentBytes },
    turns,
    mcp: mcp.endpoint.routes({ anonymous: UNNAMED, apiToken: config.server.apiToken }),
  });

  // HA Assist: the Ollama-compatible API (with /v1 beside it) and the Wyoming handle server.
  const rules = { addon: Boolean(config.supervisorToken), allowNetworks: config.assist.allowNetworks };
  const voice = { assistant, conversations, policy, logger, deadlineMs: config.assist.deadlineMs };
  const ollama = createOllamaApp({
    ...voice,
    access: assistAccess(rules, config.server.apiToken),
    openAi: openAiRoutes({ assistant, conversations, policy, llm, toolNames, logger }),
    health: healthRoutes(health),
    toolNames,
    mcp: mcp.endpoint.routes({ anonymous: HOUSEHOLD, apiToken: config.server.apiToken }),
  });
  reminders.start();
  knowledge.start();
  const wyoming = createWyomingServer({
    ...voice,
    rules,
    languages: config.assist.languages,
    version: VERSION,
  });

  return {
    config,
    assistant,
    registry,
    conversations,
    jobs,
    turns,
    reminders,
    notifier,
    thinker: thinking.thinker,
    thoughts: thinking.thoughts,
    background,
    app,
    ollama,
    wyoming,
    mcp: mcp.endpoint,
    ha,
    knowledge,
    async close() {
      await mcp.endpoint.close();
      await knowledge.stop();
      await thinking.stop();
      await reminders.stop();
      await ha.close();
      db.close();
    },
  };
}
