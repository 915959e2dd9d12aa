import { configured } from "../config/load.js";
import type { Config } from "../config/schema.js";
import type { Db } from "../store/database.js";
import type { HomeTime } from "../time/home-time.js";
import { AutonomousToolPolicy } from "../tools/policy.js";
import { ThoughtStore } from "../store/thoughts.js";
import { Thinker, type ThinkerDeps } from "./thinker.js";
import { startTriggers } from "./triggers.js";

export { thoughtNotes } from "./notes.js";
export { ThoughtStore } from "../store/thoughts.js";
export { Thinker } from "./thinker.js";
export type { Outcome, Thought, ThoughtAction } from "../store/thought-types.js";

export interface ThinkerParts {
  thinker: Thinker;
  /** Starts listening for triggers (automations, the schedule, watched devices), if enabled. */
  start(): void;
  stop(): Promise<void>;
}

/** The thoughts' store; a thought the last run was in the middle of is marked interrupted. */
export function openThoughts(db: Db, time: HomeTime): ThoughtStore {
  const thoughts = new ThoughtStore(db);
  thoughts.interruptRunning(time.now());
  return thoughts;
}

/** Builds the Thinker with its AutonomousToolPolicy (enforced by the registry) and its triggers. */
export function createThinker(
  deps: Omit<ThinkerDeps, "store" | "policy" | "limits" | "satellite" | "notifyTargets"> & {
    thoughts: ThoughtStore;
    config: Config;
    /** The registered tools, against which the configured thinker tools are checked. */
    toolNames: string[];
    /** The MCP servers' names: `ha__*` or `ha__HassTurnOn` is known by its prefix (its tools come later). */
    toolPrefixes?: string[];
  },
): ThinkerParts {
  const config = deps.config.thinker;
  configured('thinker.tools (CYRENE_THINKER_TOOLS, option "thinker_tools")', () => {
    const prefixes = (deps.toolPrefixes ?? []).map((prefix) => `${prefix}__`);
    const unknown = config.tools.filter(
      (name) => !deps.toolNames.includes(name) && !prefixes.some((prefix) => name.startsWith(prefix)),
    );
    if (unknown.length)
      throw new Error(`unknown tool ${unknown.join(", ")}; the tools are: ${deps.toolNames.join(", ")}`);
  });
  const logger = deps.logger.child({ component: "thinker" });
  const thinker = new Thinker({
    ...deps,
    store: deps.thoughts,
    logger,
    policy: new AutonomousToolPolicy(config.tools),
    limits: config,
    notifyTargets: deps.config.reminders.notify,
    satellite: config.satellite,
    yieldMs: config.yieldMs,
  });
  let stopTriggers = () => {};
  return {
    thinker,
    start() {
      if (config.enabled)
        stopTriggers = startTriggers(thinker, deps.ha, config, () => deps.time.zone(), logger);
    },
    async stop() {
      stopTriggers();
      await thinker.stop();
    },
  };
}
