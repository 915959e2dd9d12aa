import type { Config } from "../config/schema.js";
import { settingName } from "../config/sources.js";
import type { HomeAssistant } from "../ha/index.js";
import type { LastVoiceRoom } from "../http/voice-room.js";
import type { LlmHealth } from "../llm/health.js";
import type { McpClients } from "../mcp-client/index.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { HealthInfo } from "./routes/health.js";

/** What /healthz, /readyz and Status show: the version and model, the tools, HA, the LLM, vector search. */
export function healthInfo(
  config: Config,
  parts: {
    version: string;
    registry: ToolRegistry;
    policy: ToolPolicy;
    ha: HomeAssistant;
    llm: LlmHealth;
    mcpClients?: McpClients;
    voiceRoom?: LastVoiceRoom;
  },
): HealthInfo {
  const { registry, policy, ha, llm } = parts;
  return {
    version: parts.version,
    model: config.llm.model,
    tools: () => registry.definitions(policy).length,
    disabledTools: () => registry.disabledNames(),
    notConfiguredTools: () => registry.notConfiguredTools(),
    mcpServers: () => parts.mcpClients?.status() ?? [],
    vectorSearch: vectorSearchSetting(config),
    homeAssistant: () => ha.status(),
    llm: () => llm.state,
    voiceRoom: () => parts.voiceRoom?.get(),
  };
}

/** Vector search in the knowledge base and memory: optional (full text works alone), shown in Status. */
function vectorSearchSetting(config: Config): { configured: boolean; setting: string } {
  const addon = Boolean(config.supervisorToken);
  return {
    configured: Boolean(config.embeddings.baseUrl && config.embeddings.model),
    setting: `${settingName("embeddings.baseUrl", addon)} and ${settingName("embeddings.model", addon)}`,
  };
}
