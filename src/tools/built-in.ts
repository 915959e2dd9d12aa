import { join } from "node:path";
import { configured } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { settingName } from "../config/sources.js";
import type { HomeAssistant } from "../ha/index.js";
import { createNetworkGuard } from "../net/index.js";
import type { Tool } from "./contract.js";
import type { NotConfiguredTool } from "./registry.js";
import { calculatorTool } from "./general/calculator.js";
import { cryptoTool } from "./general/crypto.js";
import { datetimeTool } from "./general/datetime.js";
import { fileTool } from "./general/file.js";
import { httpTool } from "./general/http.js";
import { jsonTool } from "./general/json.js";
import { markdownTool } from "./general/markdown.js";
import { randomTool } from "./general/random.js";
import { textTool } from "./general/text.js";
import { webFetchTool } from "./general/web-fetch.js";
import { webSearchTool } from "./general/web-search.js";
import { iotControlTool } from "./home/iot-control.js";
import { iotQueryTool } from "./home/iot-query.js";

export interface ToolEnvironment {
  timeZone: () => string;
  databasePath: string;
  ha: HomeAssistant;
}

/** The eleven general tools and the two home tools, built from the settings. */
export function generalAndHomeTools(config: Config, env: ToolEnvironment): Tool[] {
  const secrets = [config.supervisorToken, config.ha.token, config.llm.apiKey, config.server.apiToken];
  const guard = configured("network.allowHosts / network.denyHosts", () =>
    createNetworkGuard({
      ...config.network,
      allowSupervisor: false,
      secretsToScrub: secrets.filter((secret): secret is string => Boolean(secret)),
    }),
  );
  const web = {
    guard,
    timeoutMs: config.web.timeoutMs,
    maxResponseBytes: Math.round(config.web.maxDownloadMb * 2 ** 20),
    maxChars: config.web.maxChars,
  };
  const fileRoots = [{ name: "files", path: join(config.dataDir, "files") }];
  if (config.supervisorToken) fileRoots.push({ name: "share", path: "/share/cyrene" });

  return [
    calculatorTool(),
    datetimeTool({ timeZone: env.timeZone }),
    textTool(),
    cryptoTool(),
    randomTool(),
    markdownTool(),
    jsonTool(),
    fileTool({
      roots: fileRoots,
      // A read must fit in one tool result (agent.maxToolResultChars), escaped as JSON.
      maxReadBytes: 16 * 1024,
      protectedPaths: [
        config.optionsPath,
        env.databasePath,
        `${env.databasePath}-wal`,
        `${env.databasePath}-shm`,
      ],
    }),
    httpTool(web),
    webSearchTool({
      guard,
      searxngUrl: config.web.searxngUrl,
      defaultLanguage: config.web.searchLanguage,
      timeoutMs: config.web.timeoutMs,
    }),
    webFetchTool(web),
    iotQueryTool({ ha: env.ha }),
    iotControlTool({ ha: env.ha, sensitiveDomains: config.ha.sensitiveDomains }),
  ];
}

/** Tools that need Home Assistant: the home tools, and reminders (delivered as HA notifications). */
const HA_TOOLS = ["iot_query", "iot_control", "reminder_create", "reminder_list", "reminder_delete"];

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

/** Vector search in the knowledge base and memory: optional (full text works alone), shown in Status. */
export function vectorSearchSetting(config: Config): { configured: boolean; setting: string } {
  const addon = Boolean(config.supervisorToken);
  return {
    configured: Boolean(config.embeddings.baseUrl && config.embeddings.model),
    setting: `${settingName("embeddings.baseUrl", addon)} and ${settingName("embeddings.model", addon)}`,
  };
}
