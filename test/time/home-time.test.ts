import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import { silentLogger } from "../../src/logging/logger.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { FakeClock } from "../support/fake-clock.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";
import { testTurn } from "../support/turn-context.js";

const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const dir = mkdtempSync(join(tmpdir(), "cyrene-home-time-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("HomeTime", () => {
  it("reads the zone as configured, else Home Assistant's, else the system's, at each use", () => {
    let haZone: string | undefined = undefined;
    const ha = { timeZone: () => haZone };
    expect(createHomeTime({ zone: "Europe/London", ha }).zone()).toBe("Europe/London");
    const time = createHomeTime({ ha });
    expect(time.zone()).toBe(systemZone);
    haZone = "Asia/Shanghai"; // HA's configuration arrives after start-up
    expect(time.zone()).toBe("Asia/Shanghai");
  });

  it("gives the clock's now and timers", async () => {
    const clock = new FakeClock(1_000);
    const time = createHomeTime({ zone: "UTC", clock });
    const fired: number[] = [];
    time.setTimer(() => fired.push(time.now()), 500);
    expect(time.now()).toBe(1_000);
    await clock.advance(500);
    expect(fired).toEqual([1_500]);
  });

  it("shows the home tools' times in the configured zone, not Home Assistant's", async () => {
    const home = sampleHome();
    const id = "light.living_room_ceiling";
    home.states[id] = { ...home.states[id]!, last_changed: "2026-01-10T06:00:00Z" };
    const ha = new FakeHomeAssistant(home); // its zone is Asia/Shanghai (14:00)
    const config = loadConfig({
      env: { CYRENE_DATA_DIR: dir, CYRENE_TIME_ZONE: "Europe/London", CYRENE_THINKER_ENABLED: "false" },
      optionsPath: join(dir, "missing.json"),
    });
    const cyrene = createCyrene(config, { logger: silentLogger(), ha });
    try {
      const result = await cyrene.registry.execute(
        { id: "call-1", name: "iot_query", arguments: JSON.stringify({ query: id }) },
        {
          logger: silentLogger(),
          hardTimeoutMs: 10_000,
          turn: testTurn({ policy: allowAllTools, conversationId: "time" }),
        },
      );
      expect(JSON.stringify(result)).toContain("changed 2026-01-10 06:00");
    } finally {
      await cyrene.close();
    }
  });
});
