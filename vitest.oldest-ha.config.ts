import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The compatibility subset: the files that talk to Home Assistant's parts Cyrene stands on, run against the
 * oldest Home Assistant Cyrene supports (config.yaml's `homeassistant`), while `vitest.config.ts` runs every
 * test against the newest (scripts/ha/provision.sh builds and caches both roots). `npm test` runs both.
 */
export const OLDEST_HA_SUBSET = [
  // The fixture and HA's registries, states and services as Cyrene reads them.
  "test/ha/harness.test.ts",
  "test/ha/iot-tools.test.ts",
  // The Assist routes: HA's Ollama integration, its Assist pipeline, Wyoming.
  "test/ha/ollama-agent.test.ts",
  "test/ha/ollama-follow-up.test.ts",
  "test/ha/ollama-speaker-room.test.ts",
  "test/ha/voice-progress.test.ts",
  "test/ha/wyoming-agent.test.ts",
  "test/ha/wyoming-speaker-room.test.ts",
  // MCP, both ways.
  "test/ha/mcp-client-of-cyrene.test.ts",
  "test/ha/mcp-server-of-ha.test.ts",
  "test/ha/mcp-confirmation.test.ts",
  // Notifications (the phone's notify service, satellites' announcements) and reminders in HA.
  "test/ha/reminders.test.ts",
  "test/ha/reminders-spoken.test.ts",
  "test/ha/thinker-voice.test.ts",
  // A slice of the eval (CYRENE_EVAL_SLICE: every Nth case of its CI subset).
  "test/eval/eval.test.ts",
];

// Read by scripts/ha/provision.sh, in the global setup and in tests that start an instance of their own.
process.env.CYRENE_HA_VERSION ??= "oldest";
process.env.CYRENE_EVAL_SLICE ??= "4";

export default defineConfig({
  test: {
    ...base.test,
    include: OLDEST_HA_SUBSET,
    globalSetup: ["test/fixtures/ha/global-setup.ts"],
  },
});
