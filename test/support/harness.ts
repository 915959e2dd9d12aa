import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Server as NetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemClock } from "../../src/time/clock.js";
import { createOllamaServer } from "../../src/assist/ollama/server.js";
import { createCyrene, type Cyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import type { Config } from "../../src/config/schema.js";
import { silentLogger, type Logger } from "../../src/logging/logger.js";
import type { Notifier } from "../../src/notify/notifier.js";
import type { Tool } from "../../src/tools/contract.js";
import type { Backoff } from "../../src/mcp-client/reconnect.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

export interface Harness {
  llm: ScriptedLlm;
  cyrene: Cyrene;
  config: Config;
  /** Base URL of Cyrene's HTTP server. */
  url: string;
  /** With `assist`: the Ollama-compatible API's base URL and the Wyoming server's port (loopback). */
  ollamaUrl: string;
  wyomingPort: number;
  /** Builds a fresh Cyrene on the same data dir, as a restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  tools?: Tool[];
  dataDir?: string;
  /** The instant the app sees, turns included (default: the real clock); timers stay the system's. */
  clock?: () => Date;
  /** Also serve the Assist listeners (Ollama API, Wyoming) on random loopback ports. */
  assist?: boolean;
  /** Delivers notices instead of Home Assistant. */
  notifier?: Notifier;
  /** How soon an unreachable MCP server is tried again. */
  mcpBackoff?: Backoff;
  /** Where the app logs (default: nowhere). */
  logger?: Logger;
}

/** Cyrene wired as in production, against a scripted LLM server, listening on a random loopback port. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const llm = await ScriptedLlm.start();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "cyrene-test-"));
  const config = loadConfig({
    optionsPath: join(dataDir, "no-options.json"),
    env: {
      CYRENE_LLM_BASE_URL: llm.baseUrl,
      CYRENE_LLM_API_KEY: "test-key",
      CYRENE_DATA_DIR: dataDir,
      CYRENE_TIME_ZONE: "Asia/Shanghai",
      CYRENE_LOG_LEVEL: "silent",
      // Many harnesses share one HA: only a test that wants background thoughts lets automations start them.
      CYRENE_THINKER_ENABLED: "false",
      ...options.env,
    },
  });
  config.llm.requestTimeoutMs = 5_000;
  const now = options.clock;
  const clock = now && { ...systemClock, now: () => now().getTime() };
  let cyrene = createCyrene(config, {
    logger: options.logger ?? silentLogger(),
    extraTools: options.tools,
    mcpBackoff: options.mcpBackoff,
    clock,
    notifier: options.notifier,
  });
  let servers = await listen(cyrene, options.assist ?? false);

  const harness: Harness = {
    llm,
    config,
    get cyrene() {
      return cyrene;
    },
    get url() {
      return `http://127.0.0.1:${portOf(servers.http)}`;
    },
    get ollamaUrl() {
      if (!servers.ollama) throw new Error("start the harness with assist: true");
      return `http://127.0.0.1:${portOf(servers.ollama)}`;
    },
    get wyomingPort() {
      if (!servers.wyoming) throw new Error("start the harness with assist: true");
      return portOf(servers.wyoming);
    },
    async restart() {
      await closeAll(servers);
      await cyrene.close();
      cyrene = createCyrene(config, {
        logger: options.logger ?? silentLogger(),
        extraTools: options.tools,
        mcpBackoff: options.mcpBackoff,
        clock,
        notifier: options.notifier,
      });
      servers = await listen(cyrene, options.assist ?? false);
    },
    async close() {
      await closeAll(servers);
      await cyrene.background.settle();
      await cyrene.close();
      await llm.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

interface Listening {
  http: Server;
  ollama?: Server;
  wyoming?: NetServer;
}

async function listen(cyrene: Cyrene, assist: boolean): Promise<Listening> {
  const on = <S extends NetServer>(server: S) =>
    new Promise<S>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
  const http = await on(createServer(cyrene.app));
  if (!assist) return { http };
  return { http, ollama: await on(createOllamaServer(cyrene.ollama)), wyoming: await on(cyrene.wyoming) };
}

function portOf(server: NetServer): number {
  return (server.address() as AddressInfo).port;
}

async function closeAll(servers: Listening): Promise<void> {
  await Promise.all(
    [servers.http, servers.ollama, servers.wyoming].map((server) => {
      if (!server) return;
      if ("closeAllConnections" in server) (server as Server).closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    }),
  );
}
