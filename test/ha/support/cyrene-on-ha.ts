import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemClock, type Clock } from "../../../src/time/clock.js";
import { createCyrene, type Cyrene } from "../../../src/compose.js";
import { loadConfig } from "../../../src/config/load.js";
import { silentLogger } from "../../../src/logging/logger.js";
import type { ToolResult } from "../../../src/tools/contract.js";
import { allowAllTools } from "../../../src/tools/policy.js";
import type { HaEndpoint } from "./real-ha.js";
import { testTurn } from "../../support/turn-context.js";

/**
 * The real clock, moved on by hand: `jump(ms)` makes it later at once (timers keep their real waits).
 * A test stands in for "HA was away for five minutes" with a jump instead of the wait.
 */
export class JumpingClock implements Clock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  setTimer(fn: () => void, ms: number) {
    return systemClock.setTimer(fn, ms);
  }

  clearTimer(handle: Parameters<Clock["clearTimer"]>[0]): void {
    systemClock.clearTimer(handle);
  }

  jump(ms: number): void {
    this.offset += ms;
  }
}

/**
 * Cyrene wired as in production (standalone: CYRENE_HA_URL + CYRENE_HA_TOKEN) with the reminders on
 * a clock the test holds; no HTTP listener and no LLM (the tools are called as the LLM would).
 * `restart()` builds a fresh Cyrene on the same data dir, as a process restart would.
 */
export class CyreneOnHa {
  private constructor(
    private current: Cyrene,
    private readonly build: () => Cyrene,
    private readonly dataDir: string,
  ) {}

  static start(ha: HaEndpoint, options: { clock?: Clock; env?: Record<string, string> } = {}): CyreneOnHa {
    const dataDir = mkdtempSync(join(tmpdir(), "cyrene-reminders-"));
    const config = loadConfig({
      optionsPath: join(dataDir, "no-options.json"),
      env: {
        CYRENE_LLM_BASE_URL: "http://127.0.0.1:9/v1",
        CYRENE_LLM_API_KEY: "unused",
        CYRENE_DATA_DIR: dataDir,
        CYRENE_TIME_ZONE: "Asia/Shanghai",
        CYRENE_LOG_LEVEL: "silent",
        CYRENE_HA_URL: ha.url,
        CYRENE_HA_TOKEN: ha.token,
        ...options.env,
      },
    });
    const build = () => createCyrene(config, { logger: silentLogger(), clock: options.clock ?? systemClock });
    return new CyreneOnHa(build(), build, dataDir);
  }

  get cyrene(): Cyrene {
    return this.current;
  }

  /** Runs a tool as an LLM's call would. */
  tool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    return this.current.registry.execute(
      { id: `call-${name}`, name, arguments: JSON.stringify(args) },
      {
        logger: silentLogger(),
        hardTimeoutMs: 30_000,
        turn: testTurn({ policy: allowAllTools, conversationId: "reminders" }),
      },
    );
  }

  async restart(): Promise<void> {
    await this.current.close();
    this.current = this.build();
  }

  async close(): Promise<void> {
    await this.current.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
