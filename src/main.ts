import { createServer, type Server as HttpServer } from "node:http";
import type { Server } from "node:net";
import { hostname } from "node:os";
import { createOllamaServer } from "./assist/ollama/server.js";
import { announceMcp, announceWyoming } from "./assist/discovery.js";
import { allowAllTools } from "./tools/policy.js";
import { VERSION } from "./version.js";
import { createCyrene, type Cyrene } from "./compose.js";
import { ConfigError, loadConfig } from "./config/load.js";
import type { Config } from "./config/schema.js";
import { settingName } from "./config/sources.js";
import { hostOf } from "./llm/errors.js";
import { createLogger, type Logger } from "./logging/logger.js";
import { startLine, type StartFacts } from "./logging/start-line.js";
import { StorageError } from "./store/storage-errors.js";
import { mcpClientSecrets } from "./mcp-client/index.js";

/** The exit code for a start that a restart would not fix: CYRENE_FATAL_EXIT_CODE when set. */
function fatalExitCode(otherwise: number): number {
  const configured = Number.parseInt(process.env.CYRENE_FATAL_EXIT_CODE ?? "", 10);
  return Number.isInteger(configured) && configured >= 0 ? configured : otherwise;
}

async function main(): Promise<void> {
  let config: Config;
  let logger: Logger;
  let cyrene: Cyrene;
  try {
    config = loadConfig();
    logger = createLogger(config.logLevel, {
      secrets: [
        config.llm.apiKey,
        config.server.apiToken,
        config.ha.token,
        config.supervisorToken,
        config.embeddings.apiKey,
        ...mcpClientSecrets(config),
      ],
    });
    cyrene = createCyrene(config, { logger });
  } catch (error) {
    // Settings, or a database that is damaged or cannot be written: one line, no stack trace. A restart
    // cannot fix either; run.sh sets CYRENE_FATAL_EXIT_CODE=0 so the Supervisor does not restart the add-on.
    if (error instanceof ConfigError || error instanceof StorageError) {
      console.error(error.message);
      process.exit(fatalExitCode(error instanceof ConfigError ? 2 : 1));
    }
    throw error;
  }
  const addon = Boolean(config.supervisorToken);
  if (!config.llm.apiKey) {
    logger.warn(
      `The LLM API key is missing (${settingName("llm.apiKey", addon)} is not set); ` +
        "a provider that needs one will refuse every request",
    );
  }

  // A stray rejection is a bug to log, not a reason to drop every conversation in flight.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));

  const servers: Server[] = [];
  const listen = (name: string, server: Server, port: number, host: string, fix: string) =>
    new Promise<void>((resolve) => {
      servers.push(server);
      server.once("error", (error: NodeJS.ErrnoException) => {
        const reason =
          error.code === "EADDRINUSE"
            ? `port ${port} is already in use; ${fix}`
            : error.code === "EACCES"
              ? `port ${port} needs more privileges; ${fix}`
              : error.message;
        logger.fatal(`Cyrene cannot listen on ${host}:${port} (${name}): ${reason}`);
        void cyrene.close().finally(() => process.exit(1));
      });
      server.listen(port, host, () => resolve());
    });

  const { assist } = config;
  await listen(
    "web and API",
    createServer(cyrene.app),
    config.server.port,
    config.server.host,
    portFix("web", addon),
  );
  if (assist.ollamaPort)
    await listen(
      "Ollama API",
      createOllamaServer(cyrene.ollama),
      assist.ollamaPort,
      assist.host,
      portFix("ollama", addon),
    );
  if (assist.wyomingPort)
    await listen("Wyoming", cyrene.wyoming, assist.wyomingPort, assist.host, portFix("wyoming", addon));
  const facts: StartFacts = {
    version: VERSION,
    addon,
    host: config.server.host,
    port: config.server.port,
    ollamaPort: assist.ollamaPort,
    wyomingPort: assist.wyomingPort,
    assistHost: assist.host,
    model: config.llm.model,
    llmHost: hostOf(config.llm.baseUrl),
    homeAssistant:
      config.ha.url && config.ha.token ? config.ha.url : addon ? "through the Supervisor" : undefined,
    toolsOffered: cyrene.registry.definitions(allowAllTools).length,
    notConfigured: cyrene.registry.notConfiguredTools().map((tool) => tool.name),
    disabled: cyrene.registry.disabledNames(),
    thinker: config.thinker.enabled,
    vectorSearch: Boolean(config.embeddings.baseUrl && config.embeddings.model),
  };
  logger.info({ start: facts }, startLine(facts));
  const discovery = new AbortController();
  if (config.supervisorToken && assist.wyomingPort) {
    void announceWyoming({
      supervisorUrl: config.supervisorUrl,
      token: config.supervisorToken,
      uri: `tcp://${hostname()}:${assist.wyomingPort}`,
      logger,
      signal: discovery.signal,
    });
  }
  // HA 2026.10+ finds an app's MCP server the same way; /mcp is on the Assist port.
  if (config.supervisorToken && assist.ollamaPort) {
    void announceMcp({
      supervisorUrl: config.supervisorUrl,
      token: config.supervisorToken,
      url: `http://${hostname()}:${assist.ollamaPort}/mcp`,
      logger,
      signal: discovery.signal,
    });
  }

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    discovery.abort();
    for (const server of servers) {
      server.close();
      if ("closeAllConnections" in server) (server as HttpServer).closeAllConnections();
    }
    void cyrene.close().then(() => process.exit(0));
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

/**
 * How to free a taken port, where the user stands. A local Ollama always holds 11434: standalone, the
 * Ollama-compatible listener moves with CYRENE_OLLAMA_PORT or is turned off with 0.
 */
function portFix(listener: "web" | "ollama" | "wyoming", addon: boolean): string {
  if (addon) return "another program in the add-on's network holds it; restart the add-on";
  if (listener === "web") return "set CYRENE_PORT to a free port";
  const env = listener === "ollama" ? "CYRENE_OLLAMA_PORT" : "CYRENE_WYOMING_PORT";
  const what =
    listener === "ollama"
      ? "the Ollama-compatible API (is a real Ollama running here?)"
      : "the Wyoming server";
  return `set ${env} to a free port, or ${env}=0 to turn ${what} off`;
}

await main();
