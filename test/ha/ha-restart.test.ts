import { afterAll, beforeAll, expect, it } from "vitest";
import { createHomeTime } from "../../src/time/home-time.js";
import { Confirmations } from "../../src/tools/confirmations.js";
import type { HomeAssistant } from "../../src/ha/index.js";
import type { ToolResult } from "../../src/tools/contract.js";
import { iotControlTool } from "../../src/tools/home/iot-control.js";
import { iotQueryTool } from "../../src/tools/home/iot-query.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { toolContext } from "../support/tool-context.js";
import { connectHa, restCall, restState, whenReady } from "./support/real-ha.js";

// A private HA instance: restarting the shared one would cut every other test file's connection.
describeHa("Home Assistant restarting mid-session", () => {
  let instance: HaInstance;
  let ha: HomeAssistant;
  const kitchen = "light.kitchen_lights";

  beforeAll(async () => {
    instance = await startHomeAssistant();
    ha = connectHa(instance);
    await whenReady(ha);
  }, 180_000);
  afterAll(async () => {
    await ha?.close();
    await instance?.stop();
  });

  const ctx = () => toolContext({ conversationId: "restart", turnId: "t" });
  const data = (result: ToolResult) => {
    if (!result.success) throw new Error(`expected success, got: ${result.error}`);
    return result.data as { results: string[] };
  };

  it(
    "answers 'unavailable' at once while HA is away, then reconnects, re-reads everything and works",
    { timeout: 180_000 },
    async () => {
      const time = createHomeTime({ ha });
      const query = iotQueryTool({ ha, time });
      const control = iotControlTool({
        ha,
        time,
        confirmations: new Confirmations(time),
        sensitiveDomains: [],
      });
      expect(data(await query.execute({ query: "厨房的灯" }, ctx())).results[0]).toMatch(
        /^Kitchen Lights \(light\.kitchen_lights\)/,
      );

      const restarting = instance.restart();
      await expect.poll(() => ha.status().state, { timeout: 30_000, interval: 20 }).toBe("unavailable");
      const started = Date.now();
      const during = await control.execute({ service: "light.turn_off", target: "厨房的灯" }, ctx());
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(during).toEqual({
        success: false,
        error: expect.stringMatching(
          /^Home Assistant is unavailable \(.+\); try again in a moment\. Home Assistant 当前不可用/,
        ),
      });
      const queried = await query.execute({ query: "lights" }, ctx());
      expect(queried).toMatchObject({
        success: false,
        error: expect.stringMatching(/Home Assistant is unavailable/),
      });

      await restarting;
      await whenReady(ha, 90_000);
      expect(ha.status()).toMatchObject({ state: "ready" });

      // The registries were read again (Chinese area names resolve) and the state stream is live.
      const wanted = (await restState(instance, kitchen)).state === "on" ? "turn_off" : "turn_on";
      const after = data(await control.execute({ service: `light.${wanted}`, target: "厨房的灯" }, ctx()));
      expect(after.results).toEqual([
        expect.stringMatching(
          new RegExp(`^Kitchen Lights .*: ${wanted === "turn_on" ? "on" : "off"}, .*\\(was `),
        ),
      ]);
      expect((await restState(instance, kitchen)).state).toBe(wanted === "turn_on" ? "on" : "off");

      await restCall(instance, "light", "toggle", { entity_id: kitchen });
      const expected = wanted === "turn_on" ? "off" : "on";
      await expect
        .poll(async () => data(await query.execute({ query: "Kitchen Lights" }, ctx())).results[0], {
          timeout: 5_000,
        })
        .toMatch(new RegExp(`: ${expected}, `));
    },
  );
});
