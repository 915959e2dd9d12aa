import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCyrene, type Cyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import type { Config } from "../../src/config/schema.js";
import { silentLogger } from "../../src/logging/logger.js";
import type { Tool } from "../../src/tools/contract.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

export interface Harness {
  llm: ScriptedLlm;
  cyrene: Cyrene;
  config: Config;
  /** Base URL of Cyrene's HTTP server. */
  url: string;
  /** Builds a fresh Cyrene on the same data dir, as a restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  tools?: Tool[];
  dataDir?: string;
  /** The instant turns see (default: the real clock). */
  clock?: () => Date;
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
      ...options.env,
    },
  });
  config.llm.requestTimeoutMs = 5_000;
  let cyrene = createCyrene(config, {
    logger: silentLogger(),
    extraTools: options.tools,
    clock: options.clock,
  });
  let server = await listen(cyrene);

  const harness: Harness = {
    llm,
    config,
    get cyrene() {
      return cyrene;
    },
    get url() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async restart() {
      await closeServer(server);
      await cyrene.close();
      cyrene = createCyrene(config, {
        logger: silentLogger(),
        extraTools: options.tools,
        clock: options.clock,
      });
      server = await listen(cyrene);
    },
    async close() {
      await closeServer(server);
      await cyrene.background.settle();
      await cyrene.close();
      await llm.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

function listen(cyrene: Cyrene): Promise<Server> {
  return new Promise((resolve) => {
    const server = cyrene.app.listen(0, "127.0.0.1", () => resolve(server));
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
