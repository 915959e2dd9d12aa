import { configured } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { settingName } from "../config/sources.js";
import type { HomeAssistant } from "../ha/index.js";
import { Embedder, type Knowledge } from "../knowledge/index.js";
import type { Logger } from "../logging/logger.js";
import type { Reminders } from "../reminders/index.js";
import type { HomeTime } from "../time/home-time.js";
import type { ToolAccess } from "./access.js";
import type { Confirmations } from "./confirmations.js";
import type { Tool } from "./contract.js";
import { generalTools } from "./general/general-tools.js";
import { HA_TOOLS, homeTools } from "./home/home-tools.js";
import { knowledgeTools } from "./knowledge/knowledge-tools.js";
import { ProvenanceGate } from "./provenance/gate.js";
import { ToolRegistry, type NotConfiguredTool } from "./registry.js";
import { TOOL_SELECTION, ToolSelection } from "./selection/tool-selection.js";
import { ToolVectors } from "./selection/tool-vectors.js";

/** What the tools are built on; each domain builds its own tools from it. */
export interface CatalogParts {
  time: HomeTime;
  access: ToolAccess;
  ha: HomeAssistant;
  reminders: Pick<Reminders, "service" | "store">;
  knowledge: Pick<Knowledge, "base" | "memory" | "maxDocumentBytes">;
  /** The one store of risky actions waiting for the user's yes (iot_control asks, MCP's confirm_action finds). */
  confirmations: Confirmations;
  /** Tools added after the built-in ones (tests use this for tools with scripted behaviour). */
  extraTools?: Tool[];
}

/** The one list of the 20 built-in tools, in the order they are offered. */
export function builtInTools(config: Config, parts: CatalogParts): Tool[] {
  return [
    ...generalTools(config, parts),
    ...homeTools(config, parts),
    ...knowledgeTools({ ...parts, files: parts.access.files }),
  ];
}

/**
 * The registry of the built-in tools (the core, offered on every request), then any extra ones, less the
 * disabled ones and those the settings leave without a service.
 */
export function toolRegistry(config: Config, parts: CatalogParts): ToolRegistry {
  const builtIn = builtInTools(config, parts);
  const registry = new ToolRegistry()
    .register(...builtIn, ...(parts.extraTools ?? []))
    .markCore(builtIn.map((tool) => tool.definition().name))
    .guard(new ProvenanceGate(parts.confirmations, parts.ha));
  configured('tools.disabled (CYRENE_TOOLS_DISABLED, option "tools_disabled")', () =>
    registry.disable(config.tools.disabled),
  );
  registry.notConfigured(notConfiguredTools(config, parts.ha));
  return registry;
}

/** Which tools each request offers: BM25, fused with embedding similarity when an embeddings endpoint is set. */
export function toolSelection(config: Config, registry: ToolRegistry, logger: Logger): ToolSelection {
  const { baseUrl, apiKey, model } = config.embeddings;
  const vectors = baseUrl && model && new ToolVectors(new Embedder({ baseUrl, apiKey, model }), logger);
  return new ToolSelection(registry, TOOL_SELECTION, vectors || undefined);
}

/**
 * The built-in tools that cannot work with these settings, each with the setting that enables it:
 * web_search without a SearXNG URL; the home and reminder tools without Home Assistant (standalone
 * without CYRENE_HA_URL and CYRENE_HA_TOKEN; the add-on always has HA through the Supervisor; an HA that
 * the composition was handed, as the eval's simulated homes, counts as configured).
 */
export function notConfiguredTools(config: Config, ha: HomeAssistant): NotConfiguredTool[] {
  const addon = Boolean(config.supervisorToken);
  const missing: NotConfiguredTool[] = [];
  if (!config.web.searxngUrl)
    missing.push({ name: "web_search", setting: settingName("web.searxngUrl", addon) });
  if (ha.status().state === "not_configured") {
    const setting = `${settingName("ha.url", addon)} and ${settingName("ha.token", addon)}`;
    missing.push(...HA_TOOLS.map((name) => ({ name, setting })));
  }
  return missing;
}
