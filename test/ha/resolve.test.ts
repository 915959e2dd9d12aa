import { describe, expect, it } from "vitest";
import { clearWinner, resolve, resolveAreas } from "../../src/ha/resolve.js";
import { resolveTargets } from "../../src/tools/home/iot/targets.js";
import { canonical, normalize, similarityOf, singular } from "../../src/ha/text.js";
import { buildHome } from "./support/home-builder.js";
import { BENCH_QUERIES, generatedHome } from "./support/generated-home.js";
import { sampleHome } from "./support/sample-home.js";

const dir = sampleHome().directory();
const ids = (text: string, filters = {}) =>
  resolve(dir, text, filters).candidates.map((c) => c.entity.entityId);
const kind = (text: string) => resolve(dir, text).kind;

describe("text normalisation", () => {
  it("folds width, case, traditional characters, 的, punctuation and plurals", () => {
    expect(normalize("Ｋｉｔｃｈｅｎ  LIGHTS!").compact).toBe("kitchenlight");
    expect(normalize("客厅的灯").compact).toBe("客厅灯");
    expect(normalize("書房的燈").compact).toBe("书房灯");
    expect(canonical("Paulus's Lamp")).toBe("paulus lamp");
    // The possessive is kept only in the literal form, which tells "客厅的灯" from a lamp named 客厅灯.
    expect(normalize("客厅的灯").literal).toBe("客厅的灯");
    expect(normalize("客厅灯").literal).toBe("客厅灯");
    expect(normalize("Kitchen's Lights").literal).toBe("kitchen的light");
    expect(["lights", "switches", "batteries", "blinds", "glass", "status"].map(singular)).toEqual([
      "light",
      "switch",
      "battery",
      "blind",
      "glass",
      "status",
    ]);
  });

  it("scores exact > contained > fuzzy > unrelated", () => {
    const exact = similarityOf("Kitchen Lights", "kitchen light");
    const contained = similarityOf("kitchen", "Kitchen Lights");
    const typo = similarityOf("kitchn lights", "Kitchen Lights");
    const unrelated = similarityOf("garage", "Kitchen Lights");
    expect(exact).toBe(1);
    expect(contained).toBeLessThan(exact);
    expect(typo).toBeLessThan(contained);
    expect(typo).toBeGreaterThan(0.6);
    expect(unrelated).toBeLessThan(0.2);
  });
});

describe("resolving names", () => {
  it("reads an area and a kind of device, in Chinese and English", () => {
    expect(kind("客厅的灯")).toBe("group");
    expect(ids("客厅的灯").sort()).toEqual(["light.living_room_ceiling", "light.living_room_strip"]);
    expect(ids("living room lights").sort()).toEqual(ids("客厅的灯").sort());
    expect(ids("Lounge lamps").sort()).toEqual(ids("客厅的灯").sort());
    expect(ids("卧室温度")).toEqual(["sensor.bedroom_temperature"]);
    expect(ids("书房的灯")).toEqual(["light.study_desk"]);
    expect(ids("the lamp in the study")).toEqual(["light.study_desk"]);
    expect(ids("厨房插座")).toEqual(["switch.kitchen_kettle"]);
  });

  it("prefers an exact name over the area reading", () => {
    expect(ids("bedroom temperature")[0]).toBe("sensor.bedroom_temperature");
    expect(ids("Kitchen Lights")[0]).toBe("light.kitchen_lights");
    expect(clearWinner(resolve(dir, "Kitchen Lights").candidates)).toBe(true);
    expect(ids("客厅空调")[0]).toBe("climate.living_room_ac");
    expect(ids("客厅窗帘")[0]).toBe("cover.living_room_curtain");
  });

  it("finds by alias, entity id and device class", () => {
    expect(ids("Bedside Lamp")[0]).toBe("light.bedroom_lamp");
    expect(ids("大门锁")[0]).toBe("lock.front_door");
    expect(ids("light.kitchen_lights")).toEqual(["light.kitchen_lights"]);
    expect(ids("LIGHT.KITCHEN_LIGHTS")).toEqual(["light.kitchen_lights"]);
    expect(ids("车库门")).toEqual(["cover.garage_door"]);
    expect(ids("garage door")).toEqual(["cover.garage_door"]);
    expect(ids("", { deviceClasses: ["temperature"] }).sort()).toEqual([
      "sensor.bedroom_temperature",
      "sensor.living_room_temperature",
    ]);
  });

  it("tolerates small mistakes", () => {
    expect(ids("kitchn light")[0]).toBe("light.kitchen_lights");
    expect(ids("kitchen-lights")[0]).toBe("light.kitchen_lights");
    expect(ids("bedroom temprature")[0]).toBe("sensor.bedroom_temperature");
    expect(ids("客厅吸顶")[0]).toBe("light.living_room_ceiling");
    expect(ids("書房的燈")).toEqual(["light.study_desk"]);
  });

  it("ranks sensors above the thermostat for temperature, and drops far-off kinds from groups", () => {
    expect(ids("温度").sort()).toEqual(["sensor.bedroom_temperature", "sensor.living_room_temperature"]);
    expect(ids("客厅温度")[0]).toBe("sensor.living_room_temperature");
  });

  it("lists a whole kind and everything in an area", () => {
    expect(ids("lights")).toHaveLength(5);
    expect(ids("所有的灯")).toHaveLength(5);
    expect(ids("客厅")).toEqual(
      expect.arrayContaining(["climate.living_room_ac", "cover.living_room_curtain"]),
    );
    expect(ids("客厅")).not.toContain("switch.decorative");
  });

  it("answers none with the closest names when nothing matches", () => {
    const bathroom = resolve(dir, "bathroom fan");
    expect(bathroom.kind).toBe("none");
    expect(bathroom.candidates[0]?.entity.entityId).toBe("fan.bedroom_fan");
    expect(resolve(dir, "garage light").kind).toBe("none");
    expect(resolve(dir, "swimming pool pump").kind).toBe("none");
  });

  it("keeps entities that are not exposed out, but says when one was meant", () => {
    const decorative = resolve(dir, "Decorative Lights");
    expect(decorative.kind).toBe("none");
    expect(decorative.unexposed[0]?.entity.entityId).toBe("switch.decorative");
    const byId = resolve(dir, "switch.decorative");
    expect(byId.kind).toBe("none");
    expect(byId.unexposed[0]?.entity.entityId).toBe("switch.decorative");
  });

  it("applies filters before matching", () => {
    expect(ids("kettle", { domains: ["sensor"] })).toEqual(["sensor.kettle_power"]);
    expect(ids("kettle", { domains: ["switch"] })).toEqual(["switch.kitchen_kettle"]);
    expect(ids("", { areaIds: ["garage"] })).toEqual(["cover.garage_door"]);
  });

  it("is ambiguous when two names fit equally", () => {
    const home = buildHome(
      [{ id: "office", name: "Office" }],
      [
        { id: "light.desk_lamp_left", name: "Desk Lamp Left", area: "office" },
        { id: "light.desk_lamp_right", name: "Desk Lamp Right", area: "office" },
      ],
    );
    const r = resolve(home.directory(), "desk lamp");
    expect(r.kind).toBe("ranked");
    expect(r.candidates).toHaveLength(2);
    expect(clearWinner(r.candidates)).toBe(false);
  });

  it("reads a room and a kind as the room's devices, unless a device's name is said exactly", () => {
    const home = buildHome(
      [{ id: "living_room", name: "客厅", aliases: ["Living Room"] }],
      [
        { id: "light.living_room_lamp", name: "客厅灯", area: "living_room", aliases: ["大灯"] },
        { id: "light.ceiling", name: "Ceiling Lights", area: "living_room" },
        { id: "light.living_room_lights", name: "Living Room Lights", area: "living_room" },
        { id: "light.my_lamp", name: "我的灯", area: "living_room" },
      ],
    );
    const d = home.directory();
    const room = ["light.ceiling", "light.living_room_lamp", "light.living_room_lights", "light.my_lamp"];
    for (const text of ["客厅的灯", "客廳的燈", "the living room lights", "living room's lights"]) {
      const r = resolve(d, text);
      expect(r.kind, text).toBe("group");
      expect(r.candidates.map((c) => c.entity.entityId).sort(), text).toEqual(room);
    }
    for (const [text, id] of [
      ["客厅灯", "light.living_room_lamp"],
      ["大灯", "light.living_room_lamp"],
      ["living room lights", "light.living_room_lights"],
      ["我的灯", "light.my_lamp"],
    ] as const) {
      const r = resolve(d, text);
      expect(r.kind, text).toBe("ranked");
      expect(r.candidates[0]?.entity.entityId, text).toBe(id);
      expect(clearWinner(r.candidates), text).toBe(true);
    }
  });

  it("finds a name holding the whole query even when a kind word in it is not the entity's kind", () => {
    // Lamps on smart plugs: "lamp" reads as a light, but these are switches called that.
    const home = buildHome(
      [{ id: "study", name: "书房" }],
      [
        { id: "switch.desk_lamp_one", name: "Desk Lamp One", area: "study" },
        { id: "switch.desk_lamp_two", name: "Desk Lamp Two", area: "study" },
        { id: "light.ceiling", name: "Ceiling Lights" },
      ],
    );
    const d = home.directory();
    for (const filters of [{}, { domains: ["switch"] }]) {
      const r = resolve(d, "desk lamp", filters);
      expect(r.kind).toBe("ranked");
      expect(r.candidates.map((c) => c.entity.entityId)).toEqual([
        "switch.desk_lamp_one",
        "switch.desk_lamp_two",
      ]);
      expect(clearWinner(r.candidates)).toBe(false);
    }
    expect(resolve(d, "Desk Lamp One").candidates.map((c) => c.entity.entityId)).toEqual([
      "switch.desk_lamp_one",
    ]);
    // A name that holds only part of the query still yields to the kind said.
    expect(resolve(d, "desk lamp light").candidates[0]?.entity.entityId).toBe("light.ceiling");
  });

  it("reads a kind word the way the service's domain means it", () => {
    // A smart shower: its thermostat "Shower" and its sensor "Shower Temperature" (the eval's home4-us).
    const home = buildHome(
      [
        { id: "bathroom", name: "Bathroom" },
        { id: "guest_house", name: "Guest House" },
      ],
      [
        { id: "climate.shower", name: "Shower", area: "bathroom", device: "Shower" },
        {
          id: "sensor.shower_temperature",
          name: "Shower Temperature",
          area: "bathroom",
          device: "Shower",
          deviceClass: "temperature",
        },
        { id: "climate.thermostat", name: "Thermostat" },
        { id: "lock.guest_house", name: "Guest House Lock", area: "guest_house" },
        { id: "binary_sensor.guest_door", name: "Guest Door", area: "guest_house", deviceClass: "door" },
      ],
    );
    const d = home.directory();
    // What iot_control acts on: one target, resolved with confidence.
    const acted = (target: string, service: string) => {
      const [domain, name] = service.split(".") as [string, string];
      return resolveTargets(d, { domain, service: name, targets: [target], all: false }).map(
        (e) => e.entityId,
      );
    };
    expect(acted("shower temperature", "climate.set_temperature")).toEqual(["climate.shower"]);
    expect(acted("door to the guest house", "lock.lock")).toEqual(["lock.guest_house"]);
    // Without a domain a temperature is still a sensor's first.
    expect(resolve(d, "shower temperature").candidates[0]?.entity.entityId).toBe("sensor.shower_temperature");
  });

  it("resolves areas by name, alias and near misses", () => {
    expect(resolveAreas(dir, "Living Room").map((a) => a.id)).toEqual(["living_room"]);
    expect(resolveAreas(dir, "卧室").map((a) => a.id)).toEqual(["bedroom"]);
    expect(resolveAreas(dir, "bed room").map((a) => a.id)).toEqual(["bedroom"]);
    expect(resolveAreas(dir, "kitchn").map((a) => a.id)).toEqual(["kitchen"]);
    expect(resolveAreas(dir, "attic")).toEqual([]);
  });
});

describe("resolving among 5,000 generated entities", () => {
  const big = generatedHome(5_000).directory();
  const top = (text: string) => resolve(big, text).candidates.map((c) => c.entity.entityId);

  it("finds the right entities in Chinese and English", () => {
    expect(top("2楼卧室温度").sort()).toEqual([
      "sensor.bedroom_2_temperature",
      "sensor.bedroom_2_temperature_2",
    ]);
    expect(top("Bedroom F2 temperature")[0]).toBe("sensor.bedroom_2_temperature");
    expect(top("Bedroom F2 Ceiling Light")).toEqual(["light.bedroom_2_ceiling_light"]);
    expect(top("1楼客厅的灯")).toHaveLength(6);
    expect(top("kitchen f3 plug").sort()).toEqual(["switch.kitchen_3_plug", "switch.kitchen_3_plug_2"]);
    expect(top("Kids Room F3 Speaker 2")[0]).toBe("media_player.kids_room_3_speaker_2");
  });

  it("ranks the closest first for a misspelt name and finds nothing for nonsense", () => {
    expect(top("bedrom f2 ceiling lite")[0]).toBe("light.bedroom_2_ceiling_light");
    expect(resolve(big, "swimming pool pump").kind).toBe("none");
  });

  it("stays fast", () => {
    for (const q of BENCH_QUERIES) resolve(big, q);
    const started = performance.now();
    for (let i = 0; i < 5; i++) for (const q of BENCH_QUERIES) resolve(big, q);
    const perQuery = (performance.now() - started) / (5 * BENCH_QUERIES.length);
    expect(perQuery).toBeLessThan(20);
  });
});
