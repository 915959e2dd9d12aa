import { describe, expect, it } from "vitest";
import { reread } from "../../src/ha/reread.js";
import { resolveTargets } from "../../src/tools/home/iot/targets.js";
import { targetHelpers } from "../tools/home/target-helpers.js";
import { buildHome } from "./support/home-builder.js";

/**
 * The second reading of a target (src/ha/reread.ts): words this home never heard are left out, a part
 * of a room's name narrows to that room, and a room word this home does not have is never left out.
 */
function villa() {
  return buildHome(
    [
      { id: "open_plan", name: "Living Room/Kitchen (open concept)" },
      { id: "rooftop", name: "Rooftop Terrace" },
      { id: "grove", name: "Citrus Grove" },
      { id: "bedroom", name: "Bedroom" },
      { id: "zhuwo", name: "主卧", aliases: ["主卧室"] },
      { id: "ciwo", name: "次卧", aliases: ["小卧室"] },
      { id: "keting", name: "客厅" },
      { id: "guest_house", name: "Guest House" },
    ],
    [
      { id: "light.main", name: "Main Light", area: "open_plan", state: "off" },
      { id: "light.bedroom", name: "Bedroom Light", area: "bedroom", state: "off" },
      { id: "climate.thermostat", name: "Thermostat", area: "open_plan", state: "heat" },
      { id: "switch.fireplace", name: "Smart Fireplace", area: "open_plan", state: "off" },
      { id: "switch.coffee", name: "Coffee Maker", area: "open_plan", state: "off" },
      { id: "media_player.speaker", name: "Smart Speaker", area: "rooftop", state: "paused" },
      { id: "media_player.tv", name: "Smart TV", area: "open_plan", deviceClass: "tv", state: "playing" },
      { id: "valve.sprinkler", name: "Sprinkler", area: "grove", state: "closed" },
      { id: "fan.bedroom", name: "Bedroom Fan", area: "bedroom", state: "off" },
      { id: "vacuum.robot", name: "Roborock", area: "open_plan", state: "docked" },
      { id: "switch.zw_balcony", name: "阳台灯", area: "zhuwo", state: "off" },
      { id: "switch.kt_balcony", name: "阳台灯", area: "keting", state: "off" },
      { id: "lock.front", name: "Smart Lock", area: "keting", state: "locked" },
      { id: "light.guest_house", name: "Guest House Light", area: "guest_house", state: "off" },
    ],
  );
}

const home = villa();
const dir = home.directory();
const { targets, refusal } = targetHelpers(dir, home.states);

describe("the second reading of a target", () => {
  it("leaves out the words this home never heard, and what is left decides", () => {
    expect(targets("switch.turn_on", "I would like to turn on the fireplace")).toEqual(["switch.fireplace"]);
    expect(targets("climate.set_temperature", "Set the temperature to 72 degrees Fahrenheit")).toEqual([
      "climate.thermostat",
    ]);
    expect(targets("valve.open_valve", "Water the lawn")).toEqual(["valve.sprinkler"]);
    expect(targets("vacuum.start", "Clean the floors")).toEqual(["vacuum.robot"]);
    expect(targets("vacuum.start", "Vacuum the apartment")).toEqual(["vacuum.robot"]);
    // By state, as HA's media intents: the paused player resumes, the playing one skips.
    expect(targets("media_player.media_play", "Continue playing")).toEqual(["media_player.speaker"]);
    expect(targets("media_player.media_next_track", "Skip ahead")).toEqual(["media_player.tv"]);
  });

  it("narrows to the rooms whose names hold a part said", () => {
    expect(targets("light.turn_on", "the main light in the living room")).toEqual(["light.main"]);
    expect(targets("climate.set_temperature", "the thermostat in the kitchen")).toEqual([
      "climate.thermostat",
    ]);
    expect(targets("media_player.volume_set", "the terrace speaker")).toEqual(["media_player.speaker"]);
    expect(targets("valve.open_valve", "water the citrus trees")).toEqual(["valve.sprinkler"]);
    // 卧室 is part of 主卧室 and 小卧室; of the two 阳台灯, only 主卧's is in one of them.
    expect(targets("switch.turn_on", "卧室的阳台灯")).toEqual(["switch.zw_balcony"]);
    expect(reread(dir, "terrace speaker")).toEqual({ core: "speaker", areaIds: ["rooftop"] });
  });

  it("never leaves out a room this home does not have, nor reads a phrase of unknown words as none", () => {
    expect(refusal("fan.turn_on", "the bathroom fan")).toMatch(/No fan matches "the bathroom fan"/);
    expect(refusal("light.turn_on", "the attic light")).toMatch(/attic/);
    expect(refusal("vacuum.start", "start the sauna")).toMatch(/No vacuum matches/);
    expect(reread(dir, "bathroom fan")).toBeUndefined();
    // The refusal names the lock there is, so the question can offer it.
    expect(refusal("lock.unlock", "unlock the wine cellar door")).toMatch(
      /No lock matches .*Smart Lock \(lock\.front, 客厅\)/,
    );
    expect(refusal("lock.unlock", "unlock the guest house door")).toMatch(
      /No lock matches .*The lock entities here: Smart Lock \(lock\.front, 客厅\)/,
    );
    // A name is a name: the first reading settles it, and there is no second one.
    expect(targets("light.turn_on", "Bedroom Light")).toEqual(["light.bedroom"]);
    expect(reread(dir, "Bedroom Light")).toBeUndefined();
  });

  it("keeps a room's whole name whole: 1楼客厅 is not a part of 10楼客厅", () => {
    const floors = buildHome(
      [
        { id: "f1", name: "1楼客厅" },
        { id: "f10", name: "10楼客厅" },
      ],
      [
        { id: "light.f1_a", name: "1楼客厅吸顶灯", area: "f1", state: "off" },
        { id: "light.f1_b", name: "1楼客厅吸顶灯 2", area: "f1", state: "off" },
        { id: "light.f10", name: "10楼客厅吸顶灯", area: "f10", state: "off" },
      ],
    );
    const { refusal: ask } = targetHelpers(floors.directory(), floors.states);
    const question = ask("light.turn_on", "把1楼客厅的吸顶灯打开");
    expect(question).toMatch(/light\.f1_a.*light\.f1_b|light\.f1_b.*light\.f1_a/);
    expect(question).not.toMatch(/light\.f10/);
  });

  it("keeps the kind said: the TV beside the fireplace is not the fireplace", () => {
    expect(refusal("switch.turn_on", "light the fire")).toMatch(/No switch matches/);
    expect(targets("media_player.volume_set", "volume of the living room TV")).toEqual(["media_player.tv"]);
  });

  it("of several targets, leaves out one that names nothing, but not one naming a room not here", () => {
    const several = (service: string, ...texts: string[]) => {
      const [domain, name] = service.split(".") as [string, string];
      return resolveMany(domain, name, texts);
    };
    expect(several("switch.turn_on", "I'm cold", "turn on the fireplace")).toEqual(["switch.fireplace"]);
    expect(several("switch.turn_off", "The fireplace is too hot", "turn it off")).toEqual([
      "switch.fireplace",
    ]);
    expect(() => several("switch.turn_on", "the coffee maker", "the sauna")).toThrow(/sauna/);
    // A Chinese run is a name the first reading reads, not words the home never heard.
    expect(several("switch.turn_on", "the coffee maker", "主卧阳台灯")).toEqual([
      "switch.coffee",
      "switch.zw_balcony",
    ]);
  });
});

function resolveMany(domain: string, service: string, texts: string[]): string[] {
  return resolveTargets(dir, { domain, service, targets: texts, all: false, states: home.states })
    .map((e) => e.entityId)
    .sort();
}
