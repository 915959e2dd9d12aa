import { createServer, type Server as HttpServer } from "node:http";
import type { Server } from "node:net";
import { hostname } from "node:os";
import { createOllamaServer } from "./assist/ollama/server.js";
import { announceWyoming } from "./assist/wyoming/discovery.js";
import { createCyrene, type Cyrene } from "./compose.js";
import { ConfigError, loadConfig } from "./config/load.js";
import type { Config } from "./config/schema.js";
import { createLogger, type Logger } from "./logging/logger.js";
import { StorageError } from "./store/storage-errors.js";

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
  if (!config.llm.apiKey) logger.warn("CYRENE_LLM_API_KEY is not set; the LLM provider may refuse requests");

  // A stray rejection is a bug to log, not a reason to drop every conversation in flight.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));

  const servers: Server[] = [];
  const listen = (name: string, server: Server, port: number, host: string) =>
    new Promise<void>((resolve) => {
      servers.push(server);
      server.once("error", (error: NodeJS.ErrnoException) => {
        const reason =
          error.code === "EADDRINUSE"
            ? `port ${port} is already in use (choose another one in the settings)`
            : error.code === "EACCES"
              ? `port ${port} needs more privileges`
              : error.message;
        logger.fatal(`Cyrene cannot listen on ${host}:${port} (${name}): ${reason}`);
        void cyrene.close().finally(() => process.exit(1));
      });
      server.listen(port, host, () => resolve());
    });

  const { assist } = config;
  await listen("web and API", createServer(cyrene.app), config.server.port, config.server.host);
  if (assist.ollamaPort)
    await listen("Ollama API", createOllamaServer(cyrene.ollama), assist.ollamaPort, assist.host);
  if (assist.wyomingPort) await listen("Wyoming", cyrene.wyoming, assist.wyomingPort, assist.host);
  logger.info(
    {
      host: config.server.host,
      port: config.server.port,
      ollamaPort: assist.ollamaPort || undefined,
      wyomingPort: assist.wyomingPort || undefined,
      model: config.llm.model,
      tools: cyrene.registry.names(),
    },
    "Cyrene is listening",
  );
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

await main();
