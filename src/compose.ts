import { Assistant } from "./agent/assistant.js";
import { BackgroundJobs } from "./agent/background-jobs.js";
import { scheduledActionRunner } from "./agent/scheduled-actions.js";
import { ToolLoop } from "./agent/tool-loop.js";
import { configured } from "./config/load.js";
import type { Config } from "./config/schema.js";
import { createHomeAssistant, type HomeAssistant } from "./ha/index.js";
import { createKnowledge, knowledgeSettings, type Knowledge } from "./knowledge/index.js";
import { createListeners, type Listeners } from "./listeners.js";
import { configuredLlm } from "./llm/configured-client.js";
import { createMcpClients, type Backoff, type McpClients } from "./mcp-client/index.js";
import type { Logger } from "./logging/logger.js";
import { HaNotifier } from "./notify/ha-notifier.js";
import type { Notifier } from "./notify/notifier.js";
import { createReminders, reminderSettings, type Reminders } from "./reminders/index.js";
import { openStores, type Stores } from "./store/stores.js";
import {
  createThinker,
  openThoughts,
  thoughtNotes,
  type Thinker,
  type ThoughtStore,
} from "./thinker/index.js";
import { systemClock, type Clock } from "./time/clock.js";
import { createHomeTime } from "./time/home-time.js";
import { toolAccess } from "./tools/access.js";
import { toolRegistry, toolSelection } from "./tools/catalog.js";
import { Confirmations } from "./tools/confirmations.js";
import { registerMcpTools } from "./tools/mcp/mcp-tools.js";
import type { Tool } from "./tools/contract.js";
import type { ToolRegistry } from "./tools/registry.js";

export interface Cyrene extends Omit<Stores, "db" | "databasePath">, Listeners {
  config: Config;
  assistant: Assistant;
  registry: ToolRegistry;
  reminders: Reminders;
  notifier: Notifier;
  thinker: Thinker;
  thoughts: ThoughtStore;
  background: BackgroundJobs;
  ha: HomeAssistant;
  /** The knowledge base and the long-term memory. */
  knowledge: Knowledge;
  /** The MCP servers whose tools Cyrene uses. */
  mcpClients: McpClients;
  close(): Promise<void>;
}

export interface ComposeOptions {
  logger: Logger;
  /** Tools added after the built-in ones (tests use this for tools with scripted behaviour). */
  extraTools?: Tool[];
  /** Now and timers for everything (turns, reminders, thoughts); tests pass a controllable clock. */
  clock?: Clock;
  /** Delivers to the user (default: through Home Assistant); tests record instead. */
  notifier?: Notifier;
  /** The Home Assistant to act on (default: the configured one); the eval passes its homes. */
  ha?: HomeAssistant;
  /** How soon an unreachable MCP server is tried again (tests shorten it). */
  mcpBackoff?: Backoff;
}

/** The composition root: the one place that builds every part and wires them together. */
export function createCyrene(config: Config, options: ComposeOptions): Cyrene {
  const { logger, extraTools } = options;
  // The home's time first: every store stamps with it.
  const clock = options.clock ?? systemClock;
  const ha = options.ha ?? createHomeAssistant(config, logger, { clock });
  const time = createHomeTime({ zone: config.timeZone, ha, clock });
  const stores = openStores(config.dataDir, logger, time);
  const { db, conversations, jobs, turns } = stores;

  // The home: Home Assistant and the services built on it and its time.
  const notifier = options.notifier ?? new HaNotifier({ ha, ttsEntity: config.reminders.ttsEntity });
  const reminders = createReminders({ db, ha, notifier, time, logger, settings: reminderSettings(config) });
  const access = toolAccess(config, stores.databasePath);
  const knowledge = createKnowledge({ db, guard: access.guard, logger, time, ...knowledgeSettings(config) });
  const confirmations = new Confirmations(time);
  const registry = toolRegistry(config, {
    time,
    access,
    ha,
    reminders,
    knowledge,
    confirmations,
    extraTools,
  });
  const mcpClients = createMcpClients(config, logger, options.mcpBackoff);

  // The agent: the LLM, the tool loop, and the turns around it.
  const llm = configuredLlm(config, logger, time);
  const background = new BackgroundJobs(jobs, logger, config.agent.maxToolResultChars);
  const selection = toolSelection(config, registry, logger);
  const toolLoop = new ToolLoop(llm.client, registry, background, logger, config.agent, selection);
  const thoughts = openThoughts(db, time);
  const assistant = new Assistant(conversations, turns, background, toolLoop, logger, {
    time,
    noteSources: [thoughtNotes(thoughts, time), knowledge.factsNote.noteFor],
    customPrompt: config.agent.systemPrompt,
    turnDeadlineMs: config.agent.turnDeadlineMs,
  });

  // The entry points: background thoughts, and the listeners people and Home Assistant talk to.
  const thinking = createThinker({
    ...{ config, assistant, conversations, ha, notifier, time, logger, thoughts },
    ...{ toolNames: registry.names(), toolPrefixes: mcpClients.names, reminders: reminders.service },
  });
  const parts = { ...stores, assistant, registry, background, time, llm, ha, reminders, thoughts };
  const calls = toolLoop.calls;
  reminders.actions.use(scheduledActionRunner({ calls, ha, conversations, time, logger }));
  const listeners = createListeners(config, {
    ...parts,
    calls,
    confirmations,
    knowledge,
    logger,
    mcpClients,
  });
  configured("thinker.schedule (CYRENE_THINKER_SCHEDULE)", () => thinking.start());
  reminders.start();
  knowledge.start();
  registerMcpTools(registry, mcpClients);

  return {
    ...{ config, assistant, registry, reminders, notifier, thinker: thinking.thinker, thoughts },
    ...{ conversations, jobs, turns, background, ha, knowledge, mcpClients, ...listeners },
    async close() {
      await listeners.mcp.close();
      await mcpClients.close();
      await knowledge.stop();
      await thinking.stop();
      await reminders.stop();
      await ha.close();
      db.close();
    },
  };
}
