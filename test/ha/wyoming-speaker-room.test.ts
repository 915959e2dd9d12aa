import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { addWyomingEntry, removeEntry, type WyomingEntry } from "../assist/wyoming/ha-assist.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { until } from "./support/config-flow.js";
import { HaEvents, speechOf, type ConversationResult } from "./support/ha-events.js";
import { restCall, restState } from "./support/real-ha.js";

/** HA 2026.11 sends the satellite's device id with the Wyoming transcript; 2026.2.3 sends none. */
function sendsDevice(version: string): boolean {
  const [year = 0, month = 0] = version.split(".").map(Number);
  return year > 2026 || (year === 2026 && month >= 11);
}

/**
 * The speaker's room on the Wyoming route: HA's pipeline (`assist_pipeline/run` with a device_id) on the
 * pipeline whose conversation agent is Cyrene's Wyoming server. The room comes from HA's device and area
 * registries through the device HA names, not from prose.
 */
describeHa("the speaker's room through HA's Wyoming conversation agent", (info) => {
  let h: Harness;
  let ws: HaEvents;
  let agent: WyomingEntry;
  let satellite: string;
  let satelliteArea: string | null = null;
  let pipeline: string;
  const transcript: string[] = [];
  const { entities } = info.fixture;
  const SENDS_DEVICE = sendsDevice(info.version);
  const kitchen = entities.kitchenLights.entityId;
  const bedroom = [entities.bedroomLamp.entityId, entities.bedLight.entityId].sort();

  beforeAll(async () => {
    h = await startHarness({
      assist: true,
      env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token },
    });
    ws = await HaEvents.connect(info);
    agent = await addWyomingEntry(info, h.wyomingPort);
    // The satellite: the kitchen lights' device (HA's Wyoming agent has no device of its own); its area is
    // put back afterwards.
    satellite = await until("the kitchen lights' device", async () => {
      const entries = await ws.call<{ entity_id: string; device_id: string | null }[]>(
        "config/entity_registry/list",
      );
      return entries.find((e) => e.entity_id === kitchen)?.device_id ?? undefined;
    });
    const devices = await ws.call<{ id: string; area_id: string | null }[]>("config/device_registry/list");
    satelliteArea = devices.find((d) => d.id === satellite)?.area_id ?? null;
    const created = await ws.call<{ id: string }>("assist_pipeline/pipeline/create", {
      name: "Cyrene Wyoming room (test)",
      language: "en",
      conversation_engine: agent.entityId,
      conversation_language: "en-US",
      prefer_local_intents: false,
      ...{ stt_engine: null, stt_language: null, tts_engine: null, tts_language: null, tts_voice: null },
      ...{ wake_word_entity: null, wake_word_id: null },
    });
    pipeline = created.id;
  }, 180_000);
  afterAll(async () => {
    if (pipeline)
      await ws.call("assist_pipeline/pipeline/delete", { pipeline_id: pipeline }).catch(() => undefined);
    if (satellite)
      await ws
        .call("config/device_registry/update", { device_id: satellite, area_id: satelliteArea })
        .catch(() => undefined);
    if (agent) await removeEntry(info, agent.entryId);
    ws?.close();
    await h?.close();
    if (transcript.length)
      console.log(`\nThe speaker's room over Wyoming, HA → Cyrene\n${transcript.join("\n")}\n`);
  });
  beforeEach(() => h.llm.reset());
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
  const resultIds = (result: { data?: { results?: string[] } }) =>
    (result.data?.results ?? []).map((line) => /\(([a-z_]+\.[a-z0-9_]+)\)/.exec(line)?.[1]).sort();
  const lightsOff = async (...ids: string[]) => {
    await restCall(info, "light", "turn_off", { entity_id: ids });
    for (const id of ids) await expect.poll(async () => (await restState(info, id)).state).toBe("off");
  };

  it(
    `"turn on the lights" from a kitchen satellite turns on the kitchen's lights only${SENDS_DEVICE ? "" : " (this HA names no device: the turn is answered as before)"}`,
    { timeout: 90_000, retry: 2 },
    async () => {
      await until("Cyrene sees the satellite in the kitchen", async () => {
        await ws.call("config/device_registry/update", { device_id: satellite, area_id: "kitchen" });
        const device = (await h.cyrene.ha.snapshot()).directory.devices.get(satellite);
        return device?.areaId === "kitchen" ? true : undefined;
      });
      await lightsOff(kitchen, ...bedroom);
      const call = { service: "light.turn_on", target: "lights" };
      h.llm.script({ toolCalls: [{ name: "iot_control", arguments: call }] }, (request) => {
        const result = toolResults(request).at(-1);
        return { text: result.success ? "The lights are on." : `failed: ${result.error}` };
      });
      const events = await ws.runPipeline({
        pipeline,
        start_stage: "intent",
        end_stage: "intent",
        input: { text: "turn on the lights" },
        device_id: satellite,
      });
      expect(events.map((e) => e.type)).not.toContain("error");
      const end = events.find((e) => e.type === "intent-end")!.data as { intent_output: ConversationResult };
      const spoken = speechOf(end.intent_output);
      const result = toolResults(h.llm.requests.at(-1)!).at(-1);
      transcript.push(
        `[Wyoming, HA ${info.version}, satellite in the kitchen] user: turn on the lights`,
        `  Cyrene → iot_control ${JSON.stringify(call)}`,
        `    ← ${JSON.stringify(result).slice(0, 300)}`,
        `  HA: ${spoken}`,
      );
      expect(h.llm.requests[0]!.body.messages.at(-1)!.content).toBe("turn on the lights");
      try {
        if (SENDS_DEVICE) {
          expect(spoken).toBe("The lights are on.");
          expect(resultIds(result)).toEqual([kitchen]);
          await expect.poll(async () => (await restState(info, kitchen)).state).toBe("on");
          for (const id of bedroom) expect((await restState(info, id)).state).toBe("off");
        } else {
          // No room is assumed, as before: the whole house's lights are not turned on unasked.
          expect(result.success).toBe(false);
          expect(spoken).not.toBe("");
          expect((await restState(info, kitchen)).state).toBe("off");
        }
      } finally {
        await lightsOff(kitchen, ...bedroom);
      }
    },
  );
});
