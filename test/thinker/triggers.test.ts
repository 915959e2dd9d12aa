import { describe, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import type { Thinker } from "../../src/thinker/thinker.js";
import { startTriggers } from "../../src/thinker/triggers.js";
import type { ThoughtTrigger } from "../../src/store/thought-types.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";

function recorder() {
  const thoughts: ThoughtTrigger[] = [];
  const thinker = {
    think: async (trigger: ThoughtTrigger) => void thoughts.push(trigger),
  } as unknown as Thinker;
  return { thinker, thoughts };
}
const settings = { schedulePrompt: "look around", watch: [], watchDebounceMs: 20 };
const zone = () => "Asia/Shanghai";

describe("thinker triggers", () => {
  it("turn a cyrene_think event into a thought, and ignore one without a prompt", () => {
    const ha = new FakeHomeAssistant(sampleHome());
    const { thinker, thoughts } = recorder();
    const stop = startTriggers(thinker, ha, settings, zone, silentLogger());
    ha.emitEvent("cyrene_think", {
      prompt: " The washer is done. ",
      topic: "washer",
      notify: true,
      context: { w: 2 },
    });
    ha.emitEvent("cyrene_think", { topic: "no prompt" });
    // The entity it is about (whose room's satellite speaks), when it is an entity id.
    ha.emitEvent("cyrene_think", { prompt: "Door open.", entity_id: "binary_sensor.back_door" });
    ha.emitEvent("cyrene_think", { prompt: "Door open!", entity_id: "the back door" });
    expect(thoughts).toEqual([
      { kind: "event", prompt: "The washer is done.", topic: "washer", notify: true, context: { w: 2 } },
      { kind: "event", prompt: "Door open.", entityId: "binary_sensor.back_door", notify: false },
      { kind: "event", prompt: "Door open!", notify: false },
    ]);
    stop();
    ha.emitEvent("cyrene_think", { prompt: "after stop" });
    expect(thoughts).toHaveLength(3);
  });

  it("think once about a watched entity after its change settles, and never about others", async () => {
    const ha = new FakeHomeAssistant(sampleHome());
    const { thinker, thoughts } = recorder();
    const stop = startTriggers(
      thinker,
      ha,
      { ...settings, watch: ["binary_sensor.*door*"] },
      zone,
      silentLogger(),
    );
    const change = (entity_id: string, from: string, to: string) =>
      ha.emitEvent("state_changed", {
        entity_id,
        old_state: { state: from },
        new_state: { state: to, attributes: { friendly_name: "Back Door" } },
      });
    change("binary_sensor.back_door", "off", "on");
    change("binary_sensor.back_door", "on", "off");
    change("binary_sensor.back_door", "off", "on");
    change("light.kitchen", "off", "on");
    change("binary_sensor.back_door_battery", "on", "on");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(thoughts).toEqual([
      {
        kind: "watch",
        prompt: "Back Door (binary_sensor.back_door) changed from off to on.",
        topic: "binary_sensor.back_door",
        entityId: "binary_sensor.back_door",
      },
    ]);
    stop();
  });

  it("refuse a schedule that is not a cron rule", () => {
    const ha = new FakeHomeAssistant(sampleHome());
    expect(() =>
      startTriggers(recorder().thinker, ha, { ...settings, schedule: "every morning" }, zone, silentLogger()),
    ).toThrow(/not a valid cron rule/);
    const stop = startTriggers(
      recorder().thinker,
      ha,
      { ...settings, schedule: "0 7 * * *" },
      zone,
      silentLogger(),
    );
    stop();
  });
});
