import type { Server as NetServer } from "node:net";
import type { Express } from "express";
import type { Assistant } from "./agent/assistant.js";
import type { BackgroundJobs } from "./agent/background-jobs.js";
import type { ToolCallRunner } from "./agent/tool-calls.js";
import { createOllamaApp } from "./assist/ollama/app.js";
import { createWyomingServer } from "./assist/wyoming/server.js";
import { configured } from "./config/load.js";
import type { Config } from "./config/schema.js";
import type { HomeAssistant } from "./ha/index.js";
import type { Knowledge } from "./knowledge/index.js";
import type { LlmClient } from "./llm/client.js";
import type { LlmHealth } from "./llm/health.js";
import type { Logger } from "./logging/logger.js";
import { createMcpServer, type McpEndpoint } from "./mcp-server/index.js";
import type { Reminders } from "./reminders/index.js";
import { assistAccess } from "./http/source-access.js";
import { LastVoiceRoom } from "./http/voice-room.js";
import { createApp } from "./server/app.js";
import { healthInfo } from "./server/health-info.js";
import { healthRoutes } from "./server/routes/health.js";
import { openAiRoutes } from "./server/routes/openai.js";
import type { Stores } from "./store/stores.js";
import { HOUSEHOLD, UNNAMED } from "./store/conversation-access.js";
import type { ThoughtStore } from "./store/thoughts.js";
import type { HomeTime } from "./time/home-time.js";
import type { Confirmations } from "./tools/confirmations.js";
import { allowAllTools } from "./tools/policy.js";
import type { ToolRegistry } from "./tools/registry.js";
import { VERSION } from "./version.js";
import type { McpClients } from "./mcp-client/index.js";

export interface Listeners {
  /** The ingress port's app: Cyrene's own API and the web UI. */
  app: Express;
  /**
   * The Ollama-compatible API, /v1, and /ha/v1 for HA's OpenAI-compatible agent, for HA's Ollama and
   * llama_cpp integrations (port assist.ollamaPort).
   */
  ollama: Express;
  /** The Wyoming handle server, for HA's Wyoming integration (port assist.wyomingPort). */
  wyoming: NetServer;
  /** Cyrene's tools over MCP, at /mcp on the ingress and the Ollama port. */
  mcp: McpEndpoint;
}

export interface ListenerParts extends Stores {
  assistant: Assistant;
  registry: ToolRegistry;
  /** The one runner of tool calls (the loop's), for MCP's calls. */
  calls: ToolCallRunner;
  background: BackgroundJobs;
  confirmations: Confirmations;
  time: HomeTime;
  llm: { client: LlmClient; health: LlmHealth };
  ha: HomeAssistant;
  reminders: Reminders;
  thoughts: ThoughtStore;
  knowledge: Knowledge;
  logger: Logger;
  /** The MCP servers Cyrene uses, for Status. */
  mcpClients?: McpClients;
}

/** The entry points a person or Home Assistant talks to; every one offers all the tools. */
export function createListeners(config: Config, parts: ListenerParts): Listeners {
  const { assistant, conversations, registry, logger, knowledge, reminders } = parts;
  const policy = allowAllTools;
  const llm = parts.llm.client;
  const toolNames = () => registry.definitions(policy).map((definition) => definition.name);
  const voiceRoom = new LastVoiceRoom();
  const health = healthInfo(config, {
    version: VERSION,
    registry,
    policy,
    ha: parts.ha,
    llm: parts.llm.health,
    mcpClients: parts.mcpClients,
    voiceRoom,
  });
  const mcp = configured('mcp.tools (CYRENE_MCP_TOOLS, option "mcp_tools")', () =>
    createMcpServer({
      ...{ calls: parts.calls, registry, background: parts.background, conversations, logger },
      ...{ confirmations: parts.confirmations, time: parts.time },
      whitelist: config.mcp.tools,
      limits: config.agent,
    }),
  ).endpoint;
  const app = createApp({
    mcp: mcp.routes({ anonymous: UNNAMED, apiToken: config.server.apiToken }),
    ...{ assistant, conversations, jobs: parts.jobs, turns: parts.turns, thoughts: parts.thoughts },
    ...{ policy, llm, toolNames, logger, health, time: parts.time },
    apiToken: config.server.apiToken,
    ingressOnly: Boolean(config.supervisorToken),
    trustUserHeaders: config.server.trustUserHeaders,
    showAllConversations: config.server.showAllConversations,
    reminders: { reminders: reminders.service, store: reminders.store },
    thoughtRecipients: { notify: config.reminders.notify, satellite: config.thinker.satellite },
    knowledge: { knowledge: knowledge.base, maxUploadBytes: knowledge.maxDocumentBytes },
  });

  // HA Assist: the Ollama-compatible API (with /v1 beside it) and the Wyoming handle server.
  const rules = { addon: Boolean(config.supervisorToken), allowNetworks: config.assist.allowNetworks };
  const voice = { assistant, policy, logger, deadlineMs: config.assist.deadlineMs };
  const ollama = createOllamaApp({
    ...voice,
    spokenProgress: config.assist.spokenProgress,
    access: assistAccess(rules, config.server.apiToken),
    openAi: openAiRoutes({
      ...{ assistant, policy, llm, toolNames, logger, time: parts.time },
      // HA's OpenAI-compatible agent (llama_cpp) at /ha/v1: the household's voice, like the Ollama API's.
      homeAssistant: {
        ...{ deadlineMs: config.assist.deadlineMs, spokenProgress: config.assist.spokenProgress },
        ...{ voiceRoom, logger, time: parts.time },
      },
    }),
    health: healthRoutes(health),
    toolNames,
    voiceRoom,
    time: parts.time,
    mcp: mcp.routes({ anonymous: HOUSEHOLD, apiToken: config.server.apiToken }),
  });
  const wyoming = createWyomingServer({
    ...voice,
    rules,
    languages: config.assist.languages,
    version: VERSION,
  });
  return { app, ollama, wyoming, mcp };
}
