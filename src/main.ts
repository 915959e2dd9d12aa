import { createServer, type Server } from "node:http";
import { createCyrene, type Cyrene } from "./compose.js";
import { ConfigError, loadConfig } from "./config/load.js";
import type { Config } from "./config/schema.js";
import { createLogger, type Logger } from "./logging/logger.js";

async function main(): Promise<void> {
  let config: Config;
  let logger: Logger;
  let cyrene: Cyrene;
  try {
    config = loadConfig();
    logger = createLogger(config.logLevel, {
      secrets: [config.llm.apiKey, config.server.apiToken, config.ha.token, config.supervisorToken],
    });
    cyrene = createCyrene(config, { logger });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (!config.llm.apiKey) logger.warn("CYRENE_LLM_API_KEY is not set; the LLM provider may refuse requests");

  // A stray rejection is a bug to log, not a reason to drop every conversation in flight.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));

  const { host, port } = config.server;
  const server: Server = createServer(cyrene.app);
  server.once("error", (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === "EADDRINUSE"
        ? `port ${port} is already in use (set CYRENE_PORT to another one)`
        : error.code === "EACCES"
          ? `port ${port} needs more privileges`
          : error.message;
    logger.fatal(`Cyrene cannot listen on ${host}:${port}: ${reason}`);
    void cyrene.close().finally(() => process.exit(1));
  });
  server.listen(port, host, () => {
    logger.info(
      { host, port, model: config.llm.model, tools: cyrene.registry.names() },
      "Cyrene is listening",
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close();
    server.closeAllConnections();
    void cyrene.close().then(() => process.exit(0));
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

await main();
