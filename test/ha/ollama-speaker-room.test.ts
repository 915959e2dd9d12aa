import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { createLogger } from "../../src/logging/logger.js";
import { HA_INSTRUCTIONS } from "../assist/ollama/ha-client.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { until } from "./support/config-flow.js";
import { HaEvents, speechOf, type ConversationResult } from "./support/ha-events.js";
import {
  addSubentry,
  createOllamaEntry,
  entityOfSubentry,
  removeEntry,
  untilReady,
} from "./support/ollama-entry.js";
import { restCall, restState } from "./support/real-ha.js";

/** The line DOCS has the user paste into the agent's instructions. */
const ROOM_LINE = "Speaker area: {{ area_name(llm_context.device_id) }} (device {{ llm_context.device_id }})";

interface Phrase {
  text: string;
  /** What the LLM passes as iot_control's target for it. */
  target: string;
  answer: string;
}

interface Said {
  language: string;
  /** "Turn on the light" said without a room, and the target the LLM passes for it. */
  lightOn: Phrase;
  /** "It's cold in here". */
  cold: Phrase;
  /** A room named while the satellite is in another one. */
  named: Phrase;
}

const LANGUAGES: Said[] = [
  {
    language: "zh-CN",
    lightOn: { text: "开灯", target: "灯", answer: "灯开了。" },
    cold: { text: "这里好冷", target: "暖气", answer: "已经开暖气了。" },
    named: { text: "打开卧室的灯", target: "卧室的灯", answer: "卧室的灯开了。" },
  },
  {
    language: "en",
    lightOn: { text: "turn on the light", target: "light", answer: "The light is on." },
    cold: { text: "it's cold in here", target: "heating", answer: "The heating is on." },
    named: {
      text: "turn on the bedroom lights",
      target: "bedroom lights",
      answer: "The bedroom lights are on.",
    },
  },
];

/**
 * The speaker's room, through HA's own Assist pipeline (`assist_pipeline/run` with a device_id) and HA's
 * Ollama integration against Cyrene's port: HA hands the room over in the agent's instructions (the line
 * DOCS gives) or in the Assist API's prompt, and a command that names no room acts in it.
 */
describeHa("the speaker's room through HA's Assist pipeline", (info) => {
  let h: Harness;
  let other: Harness | undefined;
  let ws: HaEvents;
  let entryId: string;
  let satelliteEntryId: string;
  let satellite: string;
  const agents: Record<"line" | "api", string> = { line: "", api: "" };
  const pipelines = new Map<string, string>();
  const logs: { level: number; msg: string }[] = [];
  const transcript: string[] = [];

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    h = await startHarness({
      assist: true,
      env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token },
      logger: createLogger("info", { destination }),
    });
    ws = await HaEvents.connect(info);
    entryId = await createOllamaEntry(info, h.ollamaUrl);
    agents.line = await entityOfSubentry(
      () =>
        addSubentry(info, entryId, "conversation", {
          name: "Cyrene Room Line",
          model: "cyrene:latest",
          prompt: `${HA_INSTRUCTIONS}${ROOM_LINE}`,
        }),
      ws,
      entryId,
    );
    agents.api = await entityOfSubentry(
      () =>
        addSubentry(info, entryId, "conversation", {
          name: "Cyrene Room Assist API",
          model: "cyrene:latest",
          llm_hass_api: ["assist"],
        }),
      ws,
      entryId,
    );
    // The satellite: a device of an entry of its own (HA takes one entry per URL: another Cyrene's), so
    // that it can be made unavailable alone.
    other = await startHarness({ assist: true });
    satelliteEntryId = await createOllamaEntry(info, other.ollamaUrl);
    await addSubentry(info, satelliteEntryId, "conversation", {
      name: "Cyrene Test Satellite",
      model: "cyrene:latest",
    });
    satellite = await until("the satellite's device", async () => {
      const devices = await ws.call<{ id: string; config_entries: string[] }[]>(
        "config/device_registry/list",
      );
      return devices.find((d) => d.config_entries.includes(satelliteEntryId))?.id;
    });
    for (const [kind, agent] of Object.entries(agents))
      for (const { language } of LANGUAGES) {
        const pipeline = await ws.call<{ id: string }>("assist_pipeline/pipeline/create", {
          name: `Cyrene room ${kind} ${language} (test)`,
          language,
          conversation_engine: agent,
          conversation_language: "*",
          ...{ stt_engine: null, stt_language: null, tts_engine: null, tts_language: null, tts_voice: null },
          ...{ wake_word_entity: null, wake_word_id: null },
        });
        pipelines.set(`${kind} ${language}`, pipeline.id);
      }
  }, 180_000);
  afterAll(async () => {
    for (const id of pipelines.values())
      await ws.call("assist_pipeline/pipeline/delete", { pipeline_id: id }).catch(() => undefined);
    if (entryId) await removeEntry(info, entryId);
    if (satelliteEntryId) await removeEntry(info, satelliteEntryId);
    ws?.close();
    await h?.close();
    await other?.close();
    if (transcript.length) console.log(`\nThe speaker's room, HA → Cyrene\n${transcript.join("\n")}\n`);
  });
  beforeEach(async () => {
    h.llm.reset();
    logs.length = 0;
    await untilReady(h, info, agents.line);
  });
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  /** Puts the satellite in an area (null: none) and waits until Cyrene's copy of the registry has it. */
  const placeSatellite = async (areaId: string | null) => {
    await until(`Cyrene sees the satellite in ${areaId}`, async () => {
      // Asked again while HA has it elsewhere: an entry (re)loading may still be writing its device.
      const devices = await ws.call<{ id: string; area_id: string | null }[]>("config/device_registry/list");
      if (devices.find((d) => d.id === satellite)?.area_id !== areaId)
        await ws.call("config/device_registry/update", { device_id: satellite, area_id: areaId });
      const device = (await h.cyrene.ha.snapshot()).directory.devices.get(satellite);
      return device && (device.areaId ?? null) === areaId ? true : undefined;
    });
  };

  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));

  /**
   * Runs the pipeline (text in, intent stage) for a device; the scripted LLM calls iot_control once and
   * answers with `answer` when the call succeeded. Returns what HA said, the tool's result and the note.
   */
  const say = async (
    kind: "line" | "api",
    language: string,
    { text, target, answer }: Phrase,
    service: string,
    data?: Record<string, unknown>,
    deviceId: string | undefined = satellite,
  ) => {
    const call = { service, target, ...(data ? { data } : {}) };
    let note = "";
    h.llm.script(
      (request) => {
        note = request.body.messages.filter((m) => m.role === "system").at(-1)!.content as string;
        return { toolCalls: [{ name: "iot_control", arguments: call }] };
      },
      (request) => {
        const result = toolResults(request).at(-1);
        return { text: result.success ? answer : `没成功 / failed: ${result.error}` };
      },
    );
    const events = await ws.runPipeline({
      pipeline: pipelines.get(`${kind} ${language}`),
      start_stage: "intent",
      end_stage: "intent",
      input: { text },
      ...(deviceId ? { device_id: deviceId } : {}),
    });
    expect(events.map((e) => e.type)).not.toContain("error");
    const end = events.find((e) => e.type === "intent-end")!.data as { intent_output: ConversationResult };
    const spoken = speechOf(end.intent_output);
    const result = toolResults(h.llm.requests.at(-1)!).at(-1);
    transcript.push(
      `[${kind === "line" ? "instructions line" : "Assist API"}, ${language}, satellite ${deviceId ?? "none"}] user: ${text}`,
      `  Cyrene → iot_control ${JSON.stringify(call)}`,
      `    ← ${JSON.stringify(result).slice(0, 200)}`,
      `  HA: ${spoken}`,
    );
    return { spoken, result, note };
  };

  const lightsOff = async (...ids: string[]) => {
    await restCall(info, "light", "turn_off", { entity_id: ids });
    for (const id of ids) await expect.poll(async () => (await restState(info, id)).state).toBe("off");
  };
  const resultIds = (result: { data?: { results?: string[] } }) =>
    (result.data?.results ?? []).map((line) => /\(([a-z_]+\.[a-z0-9_]+)\)/.exec(line)?.[1]).sort();
  const { entities } = info.fixture;
  const bedroomLights = [entities.bedroomLamp.entityId, entities.bedLight.entityId].sort();

  for (const said of LANGUAGES) {
    const { language } = said;

    it(
      `${language}: "${said.lightOn.text}" from the kitchen satellite turns on the kitchen's light (instructions line), and Status shows the room`,
      { timeout: 90_000, retry: 2 },
      async () => {
        await placeSatellite("kitchen");
        await lightsOff(entities.kitchenLights.entityId, ...bedroomLights);
        const turn = await say("line", language, said.lightOn, "light.turn_on");
        expect(turn.spoken).toBe(said.lightOn.answer);
        expect(resultIds(turn.result)).toEqual([entities.kitchenLights.entityId]);
        await expect
          .poll(async () => (await restState(info, entities.kitchenLights.entityId)).state)
          .toBe("on");
        for (const id of bedroomLights) expect((await restState(info, id)).state).toBe("off");
        // HA rendered the line with the satellite's area and id; it reached the LLM in the app's instructions.
        expect(turn.note).toContain(`Speaker area: 厨房 (device ${satellite})`);
        const status = (await (await fetch(`${h.url}/api/status`)).json()) as {
          voice: { last_turn: unknown };
        };
        expect(status.voice.last_turn).toMatchObject({
          told: true,
          via: "instructions",
          area: "厨房",
          device_id: satellite,
        });
        await lightsOff(entities.kitchenLights.entityId);
      },
    );

    it(
      `${language}: "${said.cold.text}" from the living-room satellite acts on that room's climate`,
      { timeout: 90_000, retry: 2 },
      async () => {
        await placeSatellite("living_room");
        const hvac = info.fixture.climate;
        const before = (await restState(info, hvac)).state;
        try {
          const turn = await say("line", language, said.cold, "climate.set_hvac_mode", { hvac_mode: "heat" });
          expect(turn.spoken).toBe(said.cold.answer);
          expect(resultIds(turn.result)).toEqual([hvac]);
          await expect.poll(async () => (await restState(info, hvac)).state).toBe("heat");
        } finally {
          await restCall(info, "climate", "set_hvac_mode", { entity_id: hvac, hvac_mode: before });
        }
      },
    );

    it(
      `${language}: through the Assist API's prompt ("You are in area …"), "${said.lightOn.text}" from the bedroom satellite acts in the bedroom`,
      { timeout: 90_000, retry: 2 },
      async () => {
        await placeSatellite("bedroom");
        await lightsOff(entities.kitchenLights.entityId, ...bedroomLights);
        // The Assist API's prompt names the room; "the light" said in English of a room with two is both
        // only when said as "lights", so the LLM passes the plural here.
        const target = language === "en" ? "lights" : said.lightOn.target;
        const turn = await say("api", language, { ...said.lightOn, target }, "light.turn_on");
        expect(turn.note).toMatch(/You are in area 卧室 and all generic commands/);
        expect(turn.spoken).toBe(said.lightOn.answer);
        expect(resultIds(turn.result)).toEqual(bedroomLights);
        expect((await restState(info, entities.kitchenLights.entityId)).state).toBe("off");
        const status = (await (await fetch(`${h.url}/api/status`)).json()) as {
          voice: { last_turn: unknown };
        };
        expect(status.voice.last_turn).toMatchObject({ told: true, via: "assist_api", area: "卧室" });
        await lightsOff(...bedroomLights);
      },
    );

    it(
      `${language}: a named room wins over the satellite's ("${said.named.text}" from the kitchen)`,
      { timeout: 90_000, retry: 2 },
      async () => {
        await placeSatellite("kitchen");
        await lightsOff(entities.kitchenLights.entityId, ...bedroomLights);
        const turn = await say("line", language, said.named, "light.turn_on");
        expect(turn.spoken).toBe(said.named.answer);
        expect(resultIds(turn.result)).toEqual(bedroomLights);
        expect((await restState(info, entities.kitchenLights.entityId)).state).toBe("off");
        await lightsOff(...bedroomLights);
      },
    );

    it(
      `${language}: an unknown satellite, a deleted area, an unavailable satellite: the turn answers, no room is assumed, one log line each`,
      { timeout: 120_000, retry: 2 },
      async () => {
        const noRoom = async (deviceId: string, expected: RegExp) => {
          logs.length = 0;
          const turn = await say("line", language, said.lightOn, "light.turn_on", undefined, deviceId);
          // Without a room, "the light" is every light in the house: the tool asks instead of acting.
          expect(turn.result).toMatchObject({
            success: false,
            error: expect.stringMatching(/every light in the house/),
          });
          expect(turn.spoken).toMatch(/^没成功 \/ failed: /);
          const lines = logs.filter((l) => /room/i.test(l.msg));
          expect(lines.map((l) => l.msg)).toEqual([expect.stringMatching(expected)]);
          const status = (await (await fetch(`${h.url}/api/status`)).json()) as {
            voice: { last_turn: unknown };
          };
          return { turn, status };
        };
        // A device id HA does not know: HA renders no area.
        const unknown = await noRoom("0123456789abcdef0123456789abcdef", /HA named no room/);
        expect(unknown.turn.note).toContain("Speaker area: None (device 0123456789abcdef0123456789abcdef)");
        expect(unknown.status.voice.last_turn).toMatchObject({ told: true, area: null });

        // An area deleted after the satellite was put in it: HA takes the satellite out of it.
        const pantry = await ws.call<{ area_id: string }>("config/area_registry/create", {
          name: `Cyrene Pantry ${language}`,
        });
        await placeSatellite(pantry.area_id);
        await ws.call("config/area_registry/delete", { area_id: pantry.area_id });
        await placeSatellite(null);
        await noRoom(satellite, /HA named no room/);

        // A satellite that is unavailable (its entry disabled) while still in the kitchen.
        await placeSatellite("kitchen");
        const satelliteLive = async (live: boolean) => {
          const home = await h.cyrene.ha.snapshot();
          const available = home.directory.entities.filter(
            (e) => e.deviceId === satellite && home.states[e.entityId]?.state !== "unavailable",
          );
          return available.length > 0 === live ? true : undefined;
        };
        await ws.call("config_entries/disable", { entry_id: satelliteEntryId, disabled_by: "user" });
        try {
          await until("the satellite unavailable to Cyrene", () => satelliteLive(false));
          await noRoom(satellite, /satellite .* is unavailable; no room is assumed/);
        } finally {
          await ws.call("config_entries/disable", { entry_id: satelliteEntryId, disabled_by: null });
          // The next test needs it back: HA 2026.2 re-adds the entry's entities only after a while.
          await until("the satellite available to Cyrene again", () => satelliteLive(true), 60_000);
        }
      },
    );
  }
});
