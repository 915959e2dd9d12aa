import { describe, expect, it } from "vitest";
import type { Logger } from "../../../src/logging/logger.js";
import { speakerAreaId } from "../../../src/tools/home/iot/speaker-area.js";
import { resolveTargets } from "../../../src/tools/home/iot/targets.js";
import { buildHome } from "../../ha/support/home-builder.js";
import { testTurn } from "../../support/turn-context.js";

/** Two rooms with lights and a thermostat each, one name in both, a satellite in each room and one unplugged. */
function home() {
  return buildHome(
    [
      { id: "kitchen", name: "厨房", aliases: ["Kitchen"] },
      { id: "bedroom", name: "Bedroom", aliases: ["卧室"] },
      { id: "hall", name: "Hall" },
    ],
    [
      { id: "light.kitchen_ceiling", name: "厨房吸顶灯", area: "kitchen", state: "off" },
      { id: "light.bedroom_lamp", name: "Bedside Lamp", area: "bedroom", state: "off" },
      { id: "light.bedroom_ceiling", name: "Bedroom Ceiling", area: "bedroom", state: "off" },
      { id: "switch.kitchen_balcony", name: "Balcony Light", area: "kitchen", state: "off" },
      { id: "switch.bedroom_balcony", name: "Balcony Light", area: "bedroom", state: "off" },
      { id: "climate.kitchen", name: "Kitchen Heater", area: "kitchen", state: "heat" },
      { id: "climate.bedroom", name: "Bedroom Thermostat", area: "bedroom", state: "heat" },
      { id: "media_player.kitchen", name: "Kitchen Speaker", area: "kitchen", state: "playing" },
      { id: "media_player.bedroom", name: "Bedroom Speaker", area: "bedroom", state: "playing" },
      { id: "assist_satellite.kitchen", name: "Kitchen Satellite", area: "kitchen", device: "Kitchen Voice" },
      { id: "assist_satellite.bedroom", name: "Bedroom Satellite", area: "bedroom", device: "Bedroom Voice" },
      {
        id: "assist_satellite.hall",
        name: "Hall Satellite",
        area: "hall",
        device: "Hall Voice",
        state: "unavailable",
      },
    ],
  );
}

const ids = (entities: { entityId: string }[]) => entities.map((e) => e.entityId).sort();

function recordingLogger() {
  const lines: string[] = [];
  const logger = {
    warn: (_fields: unknown, message: string) => lines.push(message),
    info: () => undefined,
    debug: () => undefined,
  } as unknown as Logger;
  return { logger, lines };
}

describe("a command that names no room acts in the speaker's room", () => {
  const built = home();
  const dir = built.directory();
  const control = (domain: string, service: string, target: string, all = false, room = "kitchen") =>
    ids(
      resolveTargets(dir, {
        domain,
        service,
        targets: [target],
        all,
        speakerAreaId: room,
        states: built.states,
      }),
    );

  it("turns on that room's light(s), in both languages", () => {
    expect(control("light", "turn_on", "灯")).toEqual(["light.kitchen_ceiling"]);
    expect(control("light", "turn_on", "the light")).toEqual(["light.kitchen_ceiling"]);
    expect(control("light", "turn_on", "lights", false, "bedroom")).toEqual([
      "light.bedroom_ceiling",
      "light.bedroom_lamp",
    ]);
    expect(control("light", "turn_on", "卧室的灯", false, "bedroom")).toEqual([
      "light.bedroom_ceiling",
      "light.bedroom_lamp",
    ]);
  });

  it("acts on that room's climate for 'it's cold in here' / '这里好冷'", () => {
    expect(control("climate", "set_temperature", "thermostat")).toEqual(["climate.kitchen"]);
    expect(control("climate", "set_temperature", "空调", false, "bedroom")).toEqual(["climate.bedroom"]);
  });

  it("tells one name in two rooms apart by the speaker's room", () => {
    expect(control("switch", "turn_on", "Balcony Light")).toEqual(["switch.kitchen_balcony"]);
    expect(control("switch", "turn_on", "balcony light", false, "bedroom")).toEqual([
      "switch.bedroom_balcony",
    ]);
  });

  it("pauses the player of the speaker's room when the words name none", () => {
    expect(control("media_player", "media_pause", "the music", false, "bedroom")).toEqual([
      "media_player.bedroom",
    ]);
  });

  it("lets a named room, a named device and 'all' win", () => {
    expect(control("light", "turn_on", "卧室的灯")).toEqual(["light.bedroom_ceiling", "light.bedroom_lamp"]);
    expect(control("light", "turn_on", "bedroom lights")).toEqual([
      "light.bedroom_ceiling",
      "light.bedroom_lamp",
    ]);
    expect(control("light", "turn_on", "Bedside Lamp")).toEqual(["light.bedroom_lamp"]);
    expect(control("light", "turn_on", "所有的灯", true)).toHaveLength(3);
    expect(control("light", "turn_on", "all the lights", true)).toHaveLength(3);
  });

  it("reads 'here' with no kind as the room's devices of the domain, as HA's HassLightSet(area) does", () => {
    expect(control("light", "turn_on", "Helligkeit hier auf 10", false, "bedroom")).toEqual([
      "light.bedroom_ceiling",
      "light.bedroom_lamp",
    ]);
  });

  it("reads the whole home's words with all: true", () => {
    expect(control("light", "turn_on", "turn the lights on in the house", true)).toHaveLength(3);
  });

  it("keeps today's rule in a room that has none of that kind, and without a room", () => {
    expect(() => control("light", "turn_on", "lights", false, "hall")).toThrow(/every light in the house/);
    expect(() =>
      resolveTargets(dir, { domain: "light", service: "turn_on", targets: ["灯"], all: false }),
    ).toThrow(/every light in the house/);
  });
});

describe("the speaker's room as HA told it, checked against the home", () => {
  const built = home();
  const dir = built.directory();
  const areaOf = (speaker: { deviceId?: string; area?: string } | undefined) => {
    const { logger, lines } = recordingLogger();
    const turn = testTurn({ speaker });
    const first = speakerAreaId(dir, built.states, turn, logger);
    speakerAreaId(dir, built.states, turn, logger);
    return { area: first, lines };
  };

  it("takes the satellite's area (also when HA told only the device), or the area HA named", () => {
    expect(areaOf({ deviceId: "dev_Kitchen_Voice", area: "厨房" })).toEqual({ area: "kitchen", lines: [] });
    expect(areaOf({ area: "Bedroom" })).toEqual({ area: "bedroom", lines: [] });
    expect(areaOf({ area: "bedroom" })).toEqual({ area: "bedroom", lines: [] });
    expect(areaOf(undefined)).toEqual({ area: undefined, lines: [] });
    // Only the device told (HA's Wyoming agent, 2026.11): its area in HA's registries.
    expect(areaOf({ deviceId: "dev_Kitchen_Voice" })).toEqual({ area: "kitchen", lines: [] });
  });

  it("assumes no room, with one log line a turn, for an unknown satellite, a deleted area, an unavailable satellite", () => {
    expect(areaOf({ deviceId: "no-such-device", area: "厨房" })).toEqual({
      area: undefined,
      lines: [expect.stringMatching(/no such satellite; no room is assumed/)],
    });
    expect(areaOf({ area: "Garage" })).toEqual({
      area: undefined,
      lines: [expect.stringMatching(/"Garage" is not among HA's areas/)],
    });
    expect(areaOf({ deviceId: "dev_Hall_Voice", area: "Hall" })).toEqual({
      area: undefined,
      lines: [expect.stringMatching(/\(Hall Voice\) is unavailable/)],
    });
    const gone = buildHome(
      [],
      [{ id: "assist_satellite.x", name: "X", area: "attic", device: "Attic Voice" }],
    );
    const { logger, lines } = recordingLogger();
    const turn = testTurn({ speaker: { deviceId: "dev_Attic_Voice", area: "Attic" } });
    expect(speakerAreaId(gone.directory(), gone.states, turn, logger)).toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(/area no longer exists/)]);
  });
});
