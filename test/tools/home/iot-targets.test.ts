import { describe, expect, it } from "vitest";
import { resolveTargets } from "../../../src/tools/home/iot/targets.js";
import { ToolError } from "../../../src/tools/contract.js";
import { buildHome } from "../../ha/support/home-builder.js";

/**
 * A home we did not write: wall switches named like lights in two rooms, a device and its light in the
 * same room, one TV next to one speaker, one of each appliance, floors and aliases.
 */
function unseenHome() {
  const home = buildHome(
    [
      { id: "bedroom", name: "卧室", aliases: ["Bedroom"] },
      { id: "living_room", name: "客厅", aliases: ["Living Room"] },
      { id: "garage", name: "Garage" },
      { id: "kitchen", name: "Kitchen", aliases: ["厨房"] },
      { id: "terrace", name: "Terrace", aliases: ["露台"] },
      { id: "garden", name: "Garden", aliases: ["花园"] },
      { id: "guest_house", name: "Guest House", aliases: ["客房"] },
      { id: "study", name: "书房", aliases: ["Study"] },
      { id: "kids_room", name: "儿童房", aliases: ["Kids Room"] },
    ],
    [
      { id: "switch.bedroom_balcony", name: "阳台灯", area: "bedroom", state: "off" },
      { id: "switch.living_balcony", name: "阳台灯", area: "living_room", state: "off" },
      { id: "switch.bedroom_balcony_en", name: "Balcony Light", area: "bedroom", state: "off" },
      { id: "switch.living_balcony_en", name: "Balcony Light", area: "living_room", state: "off" },
      { id: "light.bedroom_ceiling", name: "吸顶灯", area: "bedroom", state: "off" },
      { id: "light.living_ceiling", name: "吸顶灯", area: "living_room", state: "off" },
      { id: "light.garage_light", name: "Garage Light", area: "garage", state: "off" },
      {
        id: "light.garage_door_opener_light",
        name: "Garage Door Opener Light",
        area: "garage",
        device: "Garage Door Opener",
        state: "off",
      },
      {
        id: "cover.garage_door",
        name: "Garage Door",
        area: "garage",
        deviceClass: "garage",
        state: "closed",
      },
      { id: "fan.kitchen_range_hood", name: "Kitchen Range Hood", area: "kitchen", state: "off" },
      { id: "light.kitchen_light", name: "Kitchen Light", area: "kitchen", state: "off" },
      { id: "light.living_room_lights", name: "Living Room Lights", area: "living_room", state: "off" },
      { id: "media_player.tv", name: "Tv", area: "living_room", deviceClass: "tv", state: "playing" },
      {
        id: "media_player.terrace_speakers",
        name: "Terrace Speakers",
        area: "terrace",
        deviceClass: "speaker",
        state: "playing",
      },
      { id: "vacuum.roborock", name: "Roborock S7", area: "living_room", state: "docked" },
      { id: "valve.irrigation", name: "Irrigation", area: "garden", state: "closed" },
      { id: "sensor.irrigation_flow", name: "Irrigation Flow", area: "garden", state: "0" },
      { id: "lock.guest_house", name: "Guest House Lock", area: "guest_house", state: "locked" },
      { id: "todo.shopping_list", name: "Shopping List", state: "0" },
      { id: "switch.study_fan_plug", name: "书房风扇插座", area: "study", state: "off" },
      { id: "light.kids_lamp", name: "Kids Lamp", area: "kids_room", aliases: ["小夜灯"], state: "off" },
    ],
  );
  home.registries.floors = [{ floor_id: "second", name: "二楼", aliases: ["Second Floor", "upstairs"] }];
  for (const area of home.registries.areas)
    if (area.area_id === "study" || area.area_id === "kids_room") area.floor_id = "second";
  return home;
}

const dir = unseenHome().directory();
const targets = (service: string, target: string) => {
  const [domain, name] = service.split(".") as [string, string];
  return resolveTargets(dir, { domain, service: name, targets: [target], all: false })
    .map((e) => e.entityId)
    .sort();
};
const refusal = (service: string, target: string): string => {
  try {
    const got = targets(service, target);
    throw new Error(`expected a refusal, got ${got.join(", ")}`);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return error.message;
  }
};

describe("control targets in a home we did not write", () => {
  it("reads kind words in a name as name words when the service's domain is another", () => {
    for (const target of ["卧室的阳台灯", "卧室阳台灯", "卧室 阳台灯", "阳台灯 卧室", "把卧室的阳台灯打开"])
      expect(targets("switch.turn_on", target), target).toEqual(["switch.bedroom_balcony"]);
    for (const target of [
      "bedroom balcony light",
      "balcony light in the bedroom",
      "the Bedroom's Balcony Light",
    ])
      expect(targets("switch.turn_on", target), target).toEqual(["switch.bedroom_balcony_en"]);
    expect(targets("switch.turn_off", "客厅的阳台灯")).toEqual(["switch.living_balcony"]);
    expect(targets("switch.turn_off", "Living Room Balcony Light")).toEqual(["switch.living_balcony_en"]);
    // The bare name is still two devices: refused with both.
    expect(refusal("switch.turn_on", "阳台灯")).toMatch(/switch\.bedroom_balcony.*switch\.living_balcony/);
    expect(refusal("switch.turn_on", "balcony light")).toMatch(/bedroom_balcony_en.*living_balcony_en/);
    // A plug named after what it powers, and a light with a shared name, as before.
    expect(targets("switch.turn_on", "书房的风扇插座")).toEqual(["switch.study_fan_plug"]);
    expect(targets("light.turn_on", "卧室的吸顶灯")).toEqual(["light.bedroom_ceiling"]);
    expect(targets("light.turn_on", "ceiling light in the 客厅")).toEqual(["light.living_ceiling"]);
  });

  it("takes the request words around a name away, and an exact name beats the room and kind", () => {
    expect(targets("light.turn_on", "Please turn on the Garage Light")).toEqual(["light.garage_light"]);
    expect(targets("light.turn_off", "Garage light off")).toEqual(["light.garage_light"]);
    expect(targets("fan.turn_on", "please turn on the kitchen range hood")).toEqual([
      "fan.kitchen_range_hood",
    ]);
    expect(targets("light.turn_on", "Can you turn the kitchen light on please")).toEqual([
      "light.kitchen_light",
    ]);
    expect(targets("light.turn_on", "请帮我打开Kids Lamp吧")).toEqual(["light.kids_lamp"]);
    expect(targets("light.turn_on", "把小夜灯打开")).toEqual(["light.kids_lamp"]);
    expect(targets("light.turn_on", "Set the kitchen light to 50% brightness")).toEqual([
      "light.kitchen_light",
    ]);
    expect(targets("light.turn_on", "把厨房的灯亮度调到50%")).toEqual(["light.kitchen_light"]);
  });

  it("needs no name when the domain has one candidate, or one in the room said", () => {
    expect(targets("vacuum.start", "start vacuuming")).toEqual(["vacuum.roborock"]);
    expect(targets("vacuum.start", "开始扫地")).toEqual(["vacuum.roborock"]);
    expect(targets("vacuum.return_to_base", "vacuum")).toEqual(["vacuum.roborock"]);
    expect(targets("valve.open_valve", "water the garden")).toEqual(["valve.irrigation"]);
    expect(targets("valve.open_valve", "花园浇水")).toEqual(["valve.irrigation"]);
    expect(targets("lock.lock", "lock the door to the guest house")).toEqual(["lock.guest_house"]);
    expect(targets("todo.add_item", "shopping list")).toEqual(["todo.shopping_list"]);
    expect(targets("todo.add_item", "todo list")).toEqual(["todo.shopping_list"]);
    expect(targets("lock.lock", "把客房的门锁上")).toEqual(["lock.guest_house"]);
    expect(targets("todo.add_item", "购物清单")).toEqual(["todo.shopping_list"]);
    expect(targets("vacuum.start", "打扫一下")).toEqual(["vacuum.roborock"]);
    expect(targets("media_player.media_pause", "pause the music on the terrace")).toEqual([
      "media_player.terrace_speakers",
    ]);
    expect(targets("media_player.volume_set", "露台的音乐音量调到50%")).toEqual([
      "media_player.terrace_speakers",
    ]);
    // Two media players: a phrase naming none of them is refused, with both.
    expect(refusal("media_player.media_pause", "pause")).toMatch(/media_player\.tv.*|terrace_speakers/);
    expect(refusal("media_player.volume_set", "Set the volume to 50%")).toMatch(/terrace_speakers/);
    // Something that is not in the home is refused, not read as the only candidate.
    expect(refusal("vacuum.start", "start the sauna")).toMatch(/No vacuum matches/);
  });

  it("reads a kind word by its kind: the TV is the TV, music is the speaker", () => {
    expect(targets("media_player.turn_off", "the TV")).toEqual(["media_player.tv"]);
    expect(targets("media_player.turn_off", "电视")).toEqual(["media_player.tv"]);
    expect(targets("media_player.media_pause", "Pause the music")).toEqual(["media_player.terrace_speakers"]);
    expect(targets("media_player.media_pause", "暂停音乐")).toEqual(["media_player.terrace_speakers"]);
  });

  it("resolves floors, aliases of areas and a device's own name", () => {
    expect(targets("light.turn_on", "二楼的灯")).toEqual(["light.kids_lamp"]);
    expect(targets("light.turn_on", "the lights upstairs")).toEqual(["light.kids_lamp"]);
    expect(targets("light.turn_on", "Kids Room lamp")).toEqual(["light.kids_lamp"]);
    expect(targets("light.turn_on", "Garage Door Opener")).toEqual(["light.garage_door_opener_light"]);
  });

  it("narrows a floor by the area said with it, and drops action words and their values", () => {
    expect(targets("light.turn_on", "二楼儿童房的灯")).toEqual(["light.kids_lamp"]);
    expect(targets("light.turn_on", "Kids Room upstairs lamp")).toEqual(["light.kids_lamp"]);
    expect(targets("media_player.volume_set", "terrace speakers volume 25")).toEqual([
      "media_player.terrace_speakers",
    ]);
    expect(targets("media_player.media_next_track", "next track on the Terrace Speakers")).toEqual([
      "media_player.terrace_speakers",
    ]);
    expect(targets("media_player.volume_set", "露台音箱音量")).toEqual(["media_player.terrace_speakers"]);
    expect(targets("vacuum.return_to_base", "Return to base")).toEqual(["vacuum.roborock"]);
    expect(targets("vacuum.start", "start cleaning")).toEqual(["vacuum.roborock"]);
    expect(refusal("media_player.volume_down", "turn it down")).toMatch(
      /terrace_speakers.*|media_player\.tv/,
    );
  });

  it("resolves HA's two-part names: a device's name with its entity's own", () => {
    // has_entity_name: the device "Ceiling Fan" in the kitchen has a fan (named by the device) and a
    // light named "Light", shown as "Ceiling Fan Light".
    const home = buildHome(
      [{ id: "kitchen", name: "Kitchen", aliases: ["厨房"] }],
      [
        { id: "fan.ceiling_fan", name: "Ceiling Fan", area: "kitchen", device: "Ceiling Fan", state: "off" },
        { id: "light.ceiling_fan_light", name: "Ceiling Fan Light", area: "kitchen", device: "Ceiling Fan" },
        { id: "light.kitchen_spots", name: "Kitchen Spots", area: "kitchen" },
      ],
    );
    home.registries.entities.find((e) => e.entity_id === "light.ceiling_fan_light")!.original_name = "Light";
    home.registries.entities.find((e) => e.entity_id === "fan.ceiling_fan")!.original_name = null;
    const two = home.directory();
    const on = (service: string, target: string) => {
      const [domain, name] = service.split(".") as [string, string];
      return resolveTargets(two, { domain, service: name, targets: [target], all: false }).map(
        (e) => e.entityId,
      );
    };
    expect(on("light.turn_on", "Ceiling Fan Light")).toEqual(["light.ceiling_fan_light"]);
    expect(on("light.turn_on", "the light of the ceiling fan")).toEqual(["light.ceiling_fan_light"]);
    expect(on("light.turn_on", "ceiling fan")).toEqual(["light.ceiling_fan_light"]);
    expect(on("fan.turn_on", "kitchen ceiling fan")).toEqual(["fan.ceiling_fan"]);
    expect(on("fan.turn_on", "厨房的风扇")).toEqual(["fan.ceiling_fan"]);
  });

  it("resolves lists of targets in both languages, part by part", () => {
    const both = ["light.kitchen_light", "light.living_room_lights"];
    expect(targets("light.turn_on", "both the kitchen light and the living room lights")).toEqual(both);
    expect(targets("light.turn_on", "Kitchen Light & Living Room Lights")).toEqual(both);
    expect(targets("light.turn_on", "厨房的灯和客厅的灯")).toEqual([
      "light.kitchen_light",
      "light.living_ceiling",
      "light.living_room_lights",
    ]);
    expect(targets("switch.turn_on", "卧室阳台灯、客厅阳台灯")).toEqual([
      "switch.bedroom_balcony",
      "switch.living_balcony",
    ]);
    // One part that names nothing refuses the whole call.
    expect(refusal("light.turn_on", "kitchen light and the sauna")).toMatch(/sauna/);
  });
});
