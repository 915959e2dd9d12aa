import { join } from "node:path";
import { configured } from "../config/load.js";
import type { Config } from "../config/schema.js";
import type { HomeAssistant } from "../ha/index.js";
import { createNetworkGuard } from "../net/index.js";
import type { Tool } from "./contract.js";
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
