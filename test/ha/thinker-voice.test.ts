import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { createLogger } from "../../src/logging/logger.js";
import { ownHomeYaml } from "../fixtures/ha/core-yaml.js";
import { HaSocket } from "../fixtures/ha/ws.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { describeHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { rest, until, untilLoaded, type FlowResult } from "./support/config-flow.js";
import { whenReady } from "./support/real-ha.js";

/**
 * Thoughts spoken where they matter, through a Home Assistant of its own with the test satellites
 * (test/fixtures/ha/custom_components/cyrene_test_satellite): satellites in rooms that record what HA
 * asks of them, and answer as the person would. HA's preferred pipeline runs Cyrene as its conversation
 * agent (HA's Ollama integration against Cyrene's Ollama port), as start_conversation needs.
 */
const CUSTOM_COMPONENTS = fileURLToPath(new URL("../fixtures/ha/custom_components", import.meta.url));
const SAT = {
  kitchen: "assist_satellite.kitchen_satellite",
  bedroom: "assist_satellite.bedroom_satellite",
  livingOld: "assist_satellite.living_room_old_satellite",
  living: "assist_satellite.living_room_satellite",
  garage: "assist_satellite.garage_satellite",
  hall: "assist_satellite.hall_satellite",
};
const SENSOR = {
  kitchen: "binary_sensor.kitchen_washer",
  bedroom: "binary_sensor.bedroom_window",
  living: "binary_sensor.living_room_door",
  garage: "binary_sensor.garage_door",
  study: "binary_sensor.study_window",
};
const POLL = { timeout: 30_000, interval: 200 };

function configurationYaml(port: number, configDir: string): string {
  const core = ownHomeYaml(port, "test/ha/thinker-voice.test.ts", "Cyrene Voice Home");
  return `${core}assist_pipeline:
persistent_notification:
recorder:
  db_url: sqlite:///${configDir}/home-assistant_v2.db
  commit_interval: 1
tts:
  - platform: demo
logger:
  default: warning
cyrene_test_satellite:
`;
}

interface SatelliteCall {
  entity_id: string;
  service: "announce" | "start_conversation";
  message: string;
  preannounce: boolean;
  extra_system_prompt?: string;
}

// It starts a Home Assistant of its own, with the test satellites; the shared one only tells that HA runs here.
describeHa(
  "a thought spoken on the satellite of the room it concerns",
  () => {
    let instance: HaInstance;
    /** The own instance, in the shape the REST helpers take. */
    let info: HaInfo;
    let socket: HaSocket;
    let h: Harness;
    const logLines: Record<string, unknown>[] = [];

    const service = <T>(domain: string, name: string, data: Record<string, unknown> = {}, response = false) =>
      rest<T>(info, "POST", `/api/services/${domain}/${name}${response ? "?return_response" : ""}`, data);
    const recorded = async () =>
      (
        await service<{ service_response: { calls: SatelliteCall[] } }>(
          "cyrene_test_satellite",
          "calls",
          {},
          true,
        )
      ).service_response.calls;
    const think = (prompt: string, entityId?: string) =>
      rest(info, "POST", "/api/events/cyrene_think", {
        prompt,
        topic: `${prompt}-${Math.random()}`,
        ...(entityId ? { entity_id: entityId } : {}),
      });
    const outcome = (value: string, text: string) => ({ text: JSON.stringify({ outcome: value, text }) });
    /** The newest thought once it is the `count`th and finished. */
    const finished = async (count: number) => {
      await expect
        .poll(() => {
          const thoughts = h.cyrene.thoughts.recent(50);
          return thoughts.length === count && thoughts[0]!.status === "finished";
        }, POLL)
        .toBe(true);
      return h.cyrene.thoughts.recent(1)[0]!;
    };
    let thoughtCount = 0;
    const nextThought = () => finished(++thoughtCount);
    const notification = async (id: string) => {
      const list = await socket.call<{ notification_id: string; message: string }[]>(
        "persistent_notification/get",
      );
      return list.find((n) => n.notification_id === id);
    };

    beforeAll(async () => {
      instance = await startHomeAssistant({
        home: { configurationYaml, customComponents: CUSTOM_COMPONENTS },
      });
      info = { url: instance.url, wsUrl: instance.wsUrl, token: instance.token } as HaInfo;
      socket = await HaSocket.connect(instance.wsUrl, instance.token);
      await until(
        "the test satellites",
        async () => {
          const states = await rest<{ entity_id: string }[]>(info, "GET", "/api/states");
          return states.some((s) => s.entity_id === SAT.hall) || undefined;
        },
        60_000,
      );
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
          done();
        },
      });
      h = await startHarness({
        assist: true,
        logger: createLogger("info", { destination: sink, pretty: false }),
        env: {
          CYRENE_HA_URL: info.url,
          CYRENE_HA_TOKEN: info.token,
          CYRENE_THINKER_ENABLED: "true",
          CYRENE_THINKER_DEDUPE_MINUTES: "0",
          CYRENE_THINKER_YIELD_SECONDS: "0",
          CYRENE_THINKER_MAX_PER_HOUR: "50",
          CYRENE_QUIET_HOURS: "off",
          CYRENE_THINKER_SATELLITE: SAT.hall,
        },
      });
      // HA's Ollama integration with Cyrene as its conversation agent, in the preferred pipeline.
      const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", {
        handler: "ollama",
      });
      const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, {
        url: h.ollamaUrl,
      });
      const entryId = done.result!.entry_id;
      await untilLoaded(info, "ollama", entryId);
      const path = "/api/config/config_entries/subentries/flow";
      const sub = await rest<FlowResult>(info, "POST", path, { handler: [entryId, "conversation"] });
      await rest(info, "POST", `${path}/${sub.flow_id}`, {
        name: "Cyrene Voice Agent",
        model: "cyrene:latest",
      });
      await untilLoaded(info, "ollama", entryId);
      const agent = await until("the agent", async () => {
        const entities = await socket.call<{ entity_id: string; config_entry_id: string }[]>(
          "config/entity_registry/list",
        );
        return entities.find((e) => e.config_entry_id === entryId && e.entity_id.startsWith("conversation."))
          ?.entity_id;
      });
      const pipeline = await socket.call<{ id: string }>("assist_pipeline/pipeline/create", {
        name: "Cyrene voice (test)",
        language: "en",
        conversation_engine: agent,
        conversation_language: "*",
        stt_engine: null,
        stt_language: null,
        tts_engine: "demo",
        tts_language: "en",
        tts_voice: null,
        wake_word_entity: null,
        wake_word_id: null,
      });
      await socket.call("assist_pipeline/pipeline/set_preferred", { pipeline_id: pipeline.id });
      await whenReady(h.cyrene.ha, 60_000);
    }, 180_000);
    afterAll(async () => {
      await h?.close();
      socket?.close();
      await instance?.stop();
    });
    afterEach(() => {
      expect(h.llm.pending, "every scripted reply should be used").toBe(0);
    });
    beforeEach(async () => {
      h.llm.reset();
      await service("cyrene_test_satellite", "clear");
      logLines.length = 0;
    });

    it("asks on the kitchen satellite about the kitchen's washer, and the answer there continues the thought", async () => {
      h.llm.script(
        outcome("ask", "The washer is done. Shall I remind you to hang the laundry in ten minutes?"),
      );
      await think("The washing machine has finished.", SENSOR.kitchen);
      const thought = await nextThought();
      expect(thought).toMatchObject({ outcome: "ask", reason: null, spokenOn: SAT.kitchen });
      // The panel's API says where it was said.
      const listed = await (await fetch(`${h.url}/api/thoughts`)).json();
      expect((listed as { thoughts: unknown[] }).thoughts[0]).toMatchObject({
        id: thought.id,
        spoken_on: SAT.kitchen,
        to: [SAT.kitchen],
      });
      const calls = await recorded();
      expect(calls).toEqual([
        expect.objectContaining({
          entity_id: SAT.kitchen,
          service: "start_conversation",
          message: "The washer is done. Shall I remind you to hang the laundry in ten minutes?",
          preannounce: true,
        }),
      ]);
      const instructions = calls[0]!.extra_system_prompt!;
      expect(instructions).toContain("The washer is done. Shall I remind you");
      expect(instructions).toContain("The washing machine has finished.");
      expect(instructions).toMatch(/binary_sensor\.kitchen_washer, in Kitchen/);
      expect(await notification(`cyrene_thought_${thought.id}`)).toBeUndefined();

      // The person answers on that satellite: HA's pipeline runs Cyrene with the thought in its system text.
      h.llm.script({ text: "Okay, I will remind you at 10:40." });
      const answered = await service<{ service_response: { speech: string; errors: unknown[] } }>(
        "cyrene_test_satellite",
        "answer",
        { entity_id: SAT.kitchen, text: "Yes please" },
        true,
      );
      expect(answered.service_response).toMatchObject({
        speech: "Okay, I will remind you at 10:40.",
        errors: [],
      });
      const messages = h.llm.requests.at(-1)!.body.messages;
      const system = messages
        .filter((m) => m.role === "system")
        .map((m) => String(m.content))
        .join("\n");
      expect(system).toContain("What it is about: a Home Assistant automation asked");
      expect(system).toContain("The washing machine has finished.");
      expect(messages.at(-1)).toEqual({ role: "user", content: "Yes please" });
      // HA's chat log carries what the satellite said first.
      expect(JSON.stringify(messages)).toContain("Shall I remind you to hang the laundry");
    });

    it("tells in Chinese on the bedroom's satellite, which can only announce", async () => {
      h.llm.script(outcome("tell", "卧室窗户还开着，外面下雨了。"));
      await think("The bedroom window opened while it rains.", SENSOR.bedroom);
      const thought = await nextThought();
      expect(thought).toMatchObject({ outcome: "tell", reason: null });
      expect(await recorded()).toEqual([
        expect.objectContaining({
          entity_id: SAT.bedroom,
          service: "announce",
          message: "Cyrene: 卧室窗户还开着，外面下雨了。",
        }),
      ]);
    });

    it("of two satellites in the living room, speaks on the available one", async () => {
      h.llm.script(outcome("ask", "客厅门开了十分钟，要我提醒你关上吗？"));
      await think("The living room door has been open for ten minutes.", SENSOR.living);
      const thought = await nextThought();
      expect(thought.outcome).toBe("ask");
      expect((await recorded()).map((c) => [c.entity_id, c.service])).toEqual([
        [SAT.living, "start_conversation"],
      ]);
    });

    it("speaks on the configured satellite when the room has none, or nothing is named", async () => {
      h.llm.script(outcome("tell", "The study window is open."), outcome("tell", "Good morning."));
      await think("The study window opened.", SENSOR.study);
      await nextThought();
      await think("Say good morning.");
      await nextThought();
      expect((await recorded()).map((c) => [c.entity_id, c.service, c.message])).toEqual([
        [SAT.hall, "start_conversation", "The study window is open."],
        [SAT.hall, "start_conversation", "Good morning."],
      ]);
    });

    it("falls back to the configured satellite when the room's is unavailable, and says so once", async () => {
      h.llm.script(outcome("tell", "The garage door is open."));
      await think("The garage door opened.", SENSOR.garage);
      const thought = await nextThought();
      expect(thought).toMatchObject({
        outcome: "tell",
        reason: `${SAT.garage} is unavailable: spoken on ${SAT.hall}`,
      });
      expect((await recorded()).map((c) => c.entity_id)).toEqual([SAT.hall]);
    });

    for (const [language, text] of [
      ["en", "Remember to check the garage door."],
      ["zh", "记得去看看车库门。"],
    ] as const) {
      it(`with no satellite available, sends the thought as a notification, with one clear log line (${language})`, async () => {
        await service("cyrene_test_satellite", "set_available", { entity_id: SAT.hall, available: false });
        try {
          await until("the hall satellite unavailable to Cyrene", async () => {
            const home = await h.cyrene.ha.snapshot();
            return home.states[SAT.hall]?.state === "unavailable" || undefined;
          });
          h.llm.script(outcome("ask", text));
          await think("The garage door is still open.", SENSOR.garage);
          const thought = await nextThought();
          expect(thought).toMatchObject({
            outcome: "tell",
            spokenOn: null,
            reason: `${SAT.garage}, ${SAT.hall} are unavailable: sent as a notification`,
          });
          expect(await recorded()).toEqual([]);
          await expect
            .poll(async () => (await notification(`cyrene_thought_${thought.id}`))?.message, POLL)
            .toBe(text);
          const warnings = logLines.filter((line) => line.component === "thinker" && line.level === 40);
          expect(warnings.map((line) => line.msg)).toEqual([
            `${SAT.garage}, ${SAT.hall} are unavailable: the thought is sent as a notification instead`,
          ]);
        } finally {
          await service("cyrene_test_satellite", "set_available", { entity_id: SAT.hall, available: true });
        }
      });
    }
  },
  { timeout: 90_000 },
);
