import type { Config } from "../config/schema.js";
import type { Db } from "../store/database.js";
import { whitelistPolicy } from "../tools/policy.js";
import { ThoughtStore } from "../store/thoughts.js";
import { Thinker, type ThinkerDeps } from "./thinker.js";
import { startTriggers } from "./triggers.js";

export interface ThinkerParts {
  thinker: Thinker;
  thoughts: ThoughtStore;
  /** Starts listening for triggers (automations, the schedule, watched devices), if enabled. */
  start(): void;
  stop(): Promise<void>;
}

/** Builds the Thinker with its store, its AutonomousToolPolicy (enforced by the registry) and its triggers. */
export function createThinker(
  deps: Omit<ThinkerDeps, "store" | "policy" | "limits" | "satellite"> & {
    db: Db;
    config: Config["thinker"];
  },
): ThinkerParts {
  const { config } = deps;
  const logger = deps.logger.child({ component: "thinker" });
  const thoughts = new ThoughtStore(deps.db);
  thoughts.interruptRunning(deps.clock.now());
  const thinker = new Thinker({
    ...deps,
    store: thoughts,
    logger,
    policy: whitelistPolicy("autonomous", config.tools, { autonomous: true }),
    limits: config,
    satellite: config.satellite,
    yieldMs: config.yieldMs,
  });
  let stopTriggers = () => {};
  return {
    thinker,
    thoughts,
    start() {
      if (config.enabled) stopTriggers = startTriggers(thinker, deps.ha, config, deps.zone, logger);
    },
    async stop() {
      stopTriggers();
      await thinker.stop();
    },
  };
}
