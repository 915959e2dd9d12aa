import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createHomeTime } from "../../src/time/home-time.js";
import { Confirmations } from "../../src/tools/confirmations.js";
import type { HomeAssistant } from "../../src/ha/index.js";
import type { ToolResult } from "../../src/tools/contract.js";
import { iotControlTool } from "../../src/tools/home/iot-control.js";
import { iotQueryTool } from "../../src/tools/home/iot-query.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { HaSocket } from "../fixtures/ha/ws.js";
import { toolContext } from "../support/tool-context.js";
import { connectHa, onOffKept, restCall, restState, steady, whenReady } from "./support/real-ha.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * These tests share HA with other files; test/ha/harness.test.ts restarts it once. Tool calls ride
 * that out (see steady()), REST checks may not: such a test is retried after HA is back.
 */
const SHARED = { retry: 2 };

describeHa("iot tools against a real Home Assistant", (info) => {
  const { fixture } = info;
  /** A fixture entity by id (demo ids are HA's; names and aliases come from the fixture). */
  const entry = (entityId: string) => {
    const found = Object.values(fixture.entities).find((e) => e.entityId === entityId);
    if (!found) throw new Error(`the HA fixture no longer has ${entityId}`);
    return found;
  };
  let ha: HomeAssistant;
  let run: (tool: "query" | "control", args: Json, turnId?: string) => Promise<ToolResult>;
  let restore: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const switched = Object.values(fixture.entities)
      .map((e) => e.entityId)
      .filter((id) => /^(light|switch|fan)\./.test(id));
    restore = await onOffKept(info, switched);
    ha = connectHa(info);
    await whenReady(ha);
    const time = createHomeTime({ ha });
    const tools = {
      query: iotQueryTool({ ha, time }),
      control: iotControlTool({ ha, time, confirmations: new Confirmations(time), sensitiveDomains: [] }),
    };
    // Turns are named "turn-N": N is the turn's number in its conversation.
    run = (tool, args, turnId = "turn-1") =>
      steady(ha, () =>
        tools[tool].execute(
          args,
          toolContext({ conversationId: "conv-ha", turnId, turnNumber: Number(turnId.split("-")[1]) }),
        ),
      );
  });
  beforeEach(() => whenReady(ha, 90_000));
  afterAll(async () => {
    await restore?.();
    ha?.close();
  });

  const ok = async (promise: Promise<ToolResult>): Promise<Json> => {
    const result = await promise;
    if (!result.success) throw new Error(`expected success, got: ${result.error}`);
    return result.data;
  };
  const failed = async (promise: Promise<ToolResult>): Promise<string> => {
    const result = await promise;
    if (result.success) throw new Error(`expected an error, got: ${JSON.stringify(result.data)}`);
    return result.error;
  };

  it("knows HA's time zone and status", () => {
    expect(ha.timeZone()).toBe(fixture.location.timeZone);
    expect(ha.status()).toMatchObject({ state: "ready", version: info.version });
  });

  it("queries demo and template devices by English and Chinese names", SHARED, async () => {
    const kitchen = await ok(run("query", { query: "Kitchen Lights" }));
    expect(kitchen.results[0]).toMatch(
      /^Kitchen Lights \(light\.kitchen_lights\): (on|off), .*area 厨房, changed /,
    );

    const livingZh = await ok(run("query", { query: "客厅的灯" }));
    const livingEn = await ok(run("query", { query: "living room lights" }));
    const ids = (answer: Json) =>
      (answer.results as string[]).map((line) => /\(([a-z_]+\.[a-z0-9_]+)\)/.exec(line)![1]).sort();
    const inLivingRoom = Object.values(fixture.entities).filter(
      (e) => e.areaId === "living_room" && e.exposed,
    );
    expect(ids(livingZh)).toEqual(
      inLivingRoom
        .filter((e) => e.entityId.startsWith("light."))
        .map((e) => e.entityId)
        .sort(),
    );
    expect(ids(livingEn)).toEqual(ids(livingZh));

    const garage = await ok(run("query", { query: "车库门" }));
    expect(garage.results).toEqual([
      expect.stringMatching(/^Garage Door \(cover\.garage_door\): (open|closed).*, area 车库, /),
    ]);
    const listed = await ok(run("query", { query: "light.kitchen_lights, cover.garage_door" }));
    expect(ids(listed)).toEqual(["cover.garage_door", "light.kitchen_lights"]);
    const locks = await ok(run("query", { query: "locks" }));
    expect(ids(locks)).toContain(fixture.lock);
    expect(ids(locks).filter((id) => !id?.startsWith("lock."))).toEqual([]);
    const climate = await ok(run("query", { query: "空调" }));
    expect(climate.results[0]).toMatch(/^Hvac \(climate\.hvac\): \w+, current [\d.]+ °C, target [\d.]+ °C/);
  });

  it(
    "sets brightness, colour and colour temperature by name, and the lights really change",
    SHARED,
    async () => {
      const kitchen = "light.kitchen_lights";
      const kitchenZh = entry(kitchen).aliases.find((a) => /[\u4e00-\u9fff]/.test(a))!;
      const dimmed = await ok(
        run("control", {
          service: "light.turn_on",
          target: kitchenZh,
          data: { brightness_pct: 30 },
        }),
      );
      expect(dimmed.results).toEqual([
        expect.stringMatching(/^Kitchen Lights \(light\.kitchen_lights\): on, brightness 30%/),
      ]);
      expect(Math.round(((await restState(info, kitchen)).attributes.brightness / 255) * 100)).toBe(30);

      const color = "light.living_room_rgbww_lights";
      const colorZh = entry(color).aliases.find((a) => /[\u4e00-\u9fff]/.test(a))!;
      const blue = await ok(
        run("control", {
          service: "light.turn_on",
          target: colorZh,
          data: { color_name: "蓝色" },
        }),
      );
      expect(blue.results[0]).toMatch(/^Living Room RGBWW Lights .*: on, .*color rgb\(/);
      expect((await restState(info, color)).attributes.hs_color[0]).toBeCloseTo(240, 0);

      const ceiling = "light.ceiling_lights";
      await ok(
        run("control", {
          service: "light.turn_on",
          target: "Ceiling Lights",
          data: { color_temp_kelvin: 3000 },
        }),
      );
      const warm = await restState(info, ceiling);
      expect(warm.attributes.color_mode).toBe("color_temp");
      expect(warm.attributes.color_temp_kelvin).toBe(3000);
    },
  );

  it("sets a thermostat named in Chinese", SHARED, async () => {
    const target = (await restState(info, fixture.climate)).attributes.temperature === 23 ? 22 : 23;
    const answer = await ok(
      run("control", {
        service: "climate.set_temperature",
        target: "空调",
        data: { temperature: target },
      }),
    );
    expect(answer.results[0]).toMatch(new RegExp(`^Hvac \\(climate\\.hvac\\): .*target ${target} °C`));
    expect(answer.results[0]).not.toMatch(/no change/);
    expect((await restState(info, fixture.climate)).attributes.temperature).toBe(target);
  });

  it("validates service data against HA's own field list", SHARED, async () => {
    expect(
      await failed(run("control", { service: "light.turn_on", target: "Kitchen Lights", data: { glow: 5 } })),
    ).toMatch(
      /light\.turn_on has no field "glow"\. Valid fields: .*color_temp_kelvin \[2000–6500\].*brightness_pct \[0–100 %\]/,
    );
    expect(await failed(run("control", { service: "light.blink", target: "Kitchen Lights" }))).toMatch(
      /light has no service "blink"\. Valid services: .*turn_on/,
    );
  });

  it(
    "unlocks a lock only after a confirmation in a later turn, and the lock really unlocks",
    SHARED,
    async () => {
      const lock = fixture.lock;
      await restCall(info, "lock", "lock", { entity_id: lock });
      await expect.poll(async () => (await restState(info, lock)).state).toBe("locked");

      const asked = await ok(run("control", { service: "lock.unlock", target: "大门锁" }, "turn-1"));
      expect(asked).toMatchObject({ status: "confirmation_required", would: `unlock 入户门锁 (${lock})` });
      expect(await failed(run("control", { confirmation_id: asked.confirmation_id }, "turn-1"))).toMatch(
        /not confirmed yet/,
      );
      expect((await restState(info, lock)).state).toBe("locked");

      const done = await ok(run("control", { confirmation_id: asked.confirmation_id }, "turn-2"));
      expect(done.results).toEqual([
        expect.stringMatching(/^入户门锁 \(lock\.front_door_lock\): unlocked, .*\(was locked\)$/),
      ]);
      expect((await restState(info, lock)).state).toBe("unlocked");

      const relocked = await ok(run("control", { service: "lock.lock", target: lock }, "turn-3"));
      expect(relocked.results[0]).toMatch(/: locked, /);
    },
  );

  it("refuses an entity that is not exposed to Assist", SHARED, async () => {
    const before = (await restState(info, fixture.notExposed)).state;
    expect(await failed(run("control", { service: "switch.toggle", target: "Decorative Lights" }))).toMatch(
      /Decorative Lights \(switch\.decorative_lights\) is not exposed to Assist/,
    );
    expect(await failed(run("query", { query: "装饰灯" }))).toMatch(/is not exposed to Assist/);
    expect((await restState(info, fixture.notExposed)).state).toBe(before);
  });

  it("answers an unknown name with the closest matches", SHARED, async () => {
    expect(await failed(run("control", { service: "fan.turn_on", target: "bathroom fan" }))).toMatch(
      /No fan matches "bathroom fan"\. Closest matches: .*\(fan\.[a-z_]+/,
    );
    const answer = await ok(run("query", { query: "bathroom fan" }));
    expect(answer.matched).toBe(0);
    expect(answer.closest[0]).toMatch(/\(fan\./);
  });

  it(
    "refuses house-wide actions unless all is set, and asks before opening the garage door",
    SHARED,
    async () => {
      expect(await failed(run("control", { service: "light.turn_off", target: "所有的灯" }))).toMatch(
        /every light in the house/,
      );
      const garage = await ok(run("control", { service: "cover.open_cover", target: "garage door" }));
      expect(garage).toMatchObject({
        status: "confirmation_required",
        would: "open Garage Door (cover.garage_door)",
      });
    },
  );

  it(
    "controls every light of a room named with a kind (客厅的灯), but only the lamp whose name is said (客厅灯)",
    SHARED,
    async () => {
      const lamp = fixture.entities.livingRoomLamp;
      const roomLights = Object.values(fixture.entities)
        .filter((e) => e.areaId === lamp.areaId && e.exposed && e.entityId.startsWith("light."))
        .map((e) => e.entityId)
        .sort();
      expect(roomLights.length).toBeGreaterThan(1);
      const controlled = (answer: Json) =>
        (answer.results as string[]).map((line) => /\(([a-z_]+\.[a-z0-9_]+)\)/.exec(line)![1]).sort();

      for (const target of ["客厅的灯", "the living room lights"]) {
        const room = await ok(run("control", { service: "light.turn_on", target }));
        expect(controlled(room), target).toEqual(roomLights);
      }
      for (const id of roomLights) expect((await restState(info, id)).state).toBe("on");
      for (const target of [lamp.name, ...lamp.aliases]) {
        const one = await ok(run("control", { service: "light.turn_on", target }));
        expect(controlled(one), target).toEqual([lamp.entityId]);
      }

      // A room says how many, as HA's intents act on every light there: maxTargetsWithoutAll is for
      // phrases without a room or floor.
      const time = createHomeTime({ ha });
      const strict = iotControlTool({
        ha,
        time,
        confirmations: new Confirmations(time),
        sensitiveDomains: [],
        maxTargetsWithoutAll: roomLights.length - 1,
      });
      const call = (args: Json) => steady(ha, () => strict.execute(args, toolContext({ turnId: "turn-1" })));
      expect(controlled(await ok(call({ service: "light.turn_on", target: "客厅的灯" })))).toEqual(
        roomLights,
      );
    },
  );

  it(
    "answers a name two devices share (desk lamp) with both of them, not with no match",
    SHARED,
    async () => {
      const [one, two] = fixture.deskLamps;
      const both = new RegExp(
        `Desk Lamp One \\(${one!.replace(".", "\\.")}, 书房\\), Desk Lamp Two \\(${two!.replace(".", "\\.")}, 书房\\)`,
      );
      const found = await ok(run("query", { query: "desk lamp" }));
      expect(found.matched).toBe(2);
      expect(found.results).toEqual([
        expect.stringMatching(/^Desk Lamp One \(switch\.desk_lamp_one\): (on|off), area 书房/),
        expect.stringMatching(/^Desk Lamp Two \(switch\.desk_lamp_two\): (on|off), area 书房/),
      ]);

      const ambiguous = await failed(run("control", { service: "switch.turn_on", target: "desk lamp" }));
      expect(ambiguous).toMatch(/^"desk lamp" could mean several devices: /);
      expect(ambiguous).toMatch(both);
      // Called as a light (a lamp, after all): still both candidates, and which services they take.
      const asLight = await failed(run("control", { service: "light.turn_on", target: "desk lamp" }));
      expect(asLight).toMatch(/^"desk lamp" could mean several devices, none of them a light: /);
      expect(asLight).toMatch(both);
      expect(asLight).toMatch(/\(e\.g\. switch\.turn_on\)/);

      await restCall(info, "switch", "turn_off", { entity_id: [one, two] });
      const chosen = await ok(run("control", { service: "switch.turn_on", target: "Desk Lamp Two" }));
      expect(chosen.results).toEqual([expect.stringMatching(/^Desk Lamp Two .*: on, .*\(was off\)$/)]);
      expect((await restState(info, one!)).state).toBe("off");
      const all = await ok(run("control", { service: "switch.turn_on", target: "desk lamp", all: true }));
      expect(all.results).toHaveLength(2);
      expect((await restState(info, one!)).state).toBe("on");
    },
  );

  it(
    "turns on the bedroom's wall switch named like a light (阳台灯 / Balcony Light in two rooms), in both languages",
    SHARED,
    async () => {
      const { bedroom, livingRoom, bedroomEn, livingRoomEn } = fixture.balconySwitches;
      const cases: [string, string, string][] = [
        ["卧室的阳台灯", bedroom, livingRoom],
        ["卧室阳台灯", bedroom, livingRoom],
        ["把客厅的阳台灯打开", livingRoom, bedroom],
        ["bedroom balcony light", bedroomEn, livingRoomEn],
        ["Please turn on the balcony light in the living room", livingRoomEn, bedroomEn],
      ];
      for (const [target, meant, other] of cases) {
        await restCall(info, "switch", "turn_off", { entity_id: [meant, other] });
        const done = await ok(run("control", { service: "switch.turn_on", target }));
        expect(done.results, target).toEqual([expect.stringContaining(`(${meant}): on`)]);
        expect((await restState(info, meant)).state, target).toBe("on");
        expect((await restState(info, other)).state, target).toBe("off");
      }
      // The bare name is both: refused with both candidates.
      const ambiguous = await failed(run("control", { service: "switch.turn_on", target: "阳台灯" }));
      expect(ambiguous).toContain(bedroom);
      expect(ambiguous).toContain(livingRoom);
    },
  );

  it("reads an entity's exposure from HA itself, in and outside the entity registry", SHARED, async () => {
    const now = await ha.exposureNow([
      "light.kitchen_lights",
      fixture.notExposed,
      "humidifier.dehumidifier", // a demo entity without a registry entry
    ]);
    expect(Object.fromEntries(now)).toEqual({
      "light.kitchen_lights": true,
      [fixture.notExposed]: false,
      "humidifier.dehumidifier": true,
    });
    const everything = connectHa(info, true);
    try {
      await whenReady(everything);
      expect((await everything.exposureNow([fixture.notExposed])).get(fixture.notExposed)).toBe(true);
    } finally {
      await everything.close();
    }
  });

  it(
    "refuses an entity the moment it is un-exposed in HA, in and outside the entity registry",
    SHARED,
    async () => {
      const socket = await HaSocket.connect(info.wsUrl, info.token);
      // One entity with a registry entry (HA fires a registry event), one without (no event at all).
      const cases = [
        { id: "light.entrance_color_white_lights", on: "light.turn_on", off: "light.turn_off" },
        { id: "humidifier.dehumidifier", on: "humidifier.turn_on", off: "humidifier.turn_off" },
      ];
      const expose = (id: string, shouldExpose: boolean) =>
        socket.call("homeassistant/expose_entity", {
          assistants: ["conversation"],
          entity_ids: [id],
          should_expose: shouldExpose,
        });
      try {
        for (const { id, on, off } of cases) {
          const before = (await restState(info, id)).state;
          const service = before === "on" ? off : on;
          await expose(id, false);
          expect(await failed(run("control", { service, target: id })), id).toMatch(
            new RegExp(`\\(${id.replace(".", "\\.")}\\) is not exposed to Assist`),
          );
          expect((await restState(info, id)).state, id).toBe(before);

          await expose(id, true);
          const done = await ok(run("control", { service, target: id }));
          expect(done.results[0], id).toMatch(/\(was (on|off)\)$/);
        }
      } finally {
        for (const { id } of cases) await expose(id, true).catch(() => undefined);
        socket.close();
      }
    },
  );
});
