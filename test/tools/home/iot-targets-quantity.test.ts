import { describe, expect, it } from "vitest";
import { buildHome } from "../../ha/support/home-builder.js";
import { targetHelpers } from "./target-helpers.js";

/**
 * Words that say how many, and rooms as HA's intents read them (HassTurnOn(area | floor, domain) acts on
 * every entity of the domain there; homeassistant/helpers/intent.py async_match_targets): two floors
 * with HA's floor aliases, rooms with several lights, a room with a TV and a speaker.
 */
function twoStoreyHome() {
  const home = buildHome(
    [
      { id: "bedroom", name: "Bedroom" },
      { id: "guest_bedroom", name: "Guest Bedroom" },
      { id: "zhuwo", name: "主卧" },
      { id: "ciwo", name: "次卧" },
      { id: "living_room", name: "Living Room", aliases: ["客厅"] },
      { id: "kitchen", name: "Kitchen" },
      { id: "hall", name: "Hall" },
      { id: "back_bedroom", name: "Back Bedroom" },
    ],
    [
      { id: "light.bedroom_ceiling", name: "Bedroom Ceiling", area: "bedroom", state: "off" },
      { id: "light.bedside", name: "Bedside Lamp", area: "bedroom", state: "off" },
      { id: "light.guest", name: "Guest Light", area: "guest_bedroom", state: "off" },
      { id: "light.zw_ceiling", name: "吸顶灯", area: "zhuwo", state: "off" },
      { id: "light.zw_bedside", name: "床头灯", area: "zhuwo", state: "off" },
      { id: "light.cw_desk", name: "台灯", area: "ciwo", state: "off" },
      { id: "light.floor_lamp", name: "Floor Lamp", area: "living_room", state: "off" },
      { id: "light.sofa", name: "Sofa Light", area: "living_room", state: "off" },
      { id: "light.kitchen", name: "Kitchen Light", area: "kitchen", state: "off" },
      { id: "switch.coffee", name: "Coffee Maker", area: "kitchen", state: "off" },
      { id: "media_player.tv", name: "TV", area: "living_room", deviceClass: "tv", state: "playing" },
      {
        id: "media_player.speaker",
        name: "Speaker",
        area: "living_room",
        deviceClass: "speaker",
        state: "paused",
      },
      { id: "media_player.radio", name: "Radio", area: "kitchen", deviceClass: "speaker", state: "playing" },
    ],
  );
  home.registries.floors = [
    { floor_id: "up", name: "Upstairs", aliases: ["楼上", "二楼"] },
    { floor_id: "down", name: "Downstairs", aliases: ["楼下", "一楼"] },
  ];
  const upstairs = ["bedroom", "guest_bedroom", "zhuwo", "ciwo"];
  for (const area of home.registries.areas) area.floor_id = upstairs.includes(area.area_id) ? "up" : "down";
  return home;
}

const home = twoStoreyHome();
const dir = home.directory();
const { targets, refusal } = targetHelpers(dir, home.states);
const UPSTAIRS = [
  "light.bedroom_ceiling",
  "light.bedside",
  "light.cw_desk",
  "light.guest",
  "light.zw_bedside",
  "light.zw_ceiling",
];

describe("words that say how many", () => {
  it("acts on all that match for all, every, 所有, 全部 with a floor, beyond the usual limit of five", () => {
    for (const target of [
      "all the lights upstairs",
      "Turn on all lights upstairs",
      "every light upstairs",
      "everything upstairs",
      "所有楼上的灯",
      "把楼上所有的灯打开",
      "二楼全部的灯",
    ])
      expect(targets("light.turn_on", target), target).toEqual(UPSTAIRS);
  });

  it("acts on the room's devices for a plural or all with a room, and never on anything outside it", () => {
    const bedroom = ["light.bedroom_ceiling", "light.bedside"];
    for (const target of [
      "the upstairs bedroom lights",
      "the bedroom lights",
      "all the lights in the bedroom",
    ])
      expect(targets("light.turn_on", target), target).toEqual(bedroom);
    expect(targets("light.turn_on", "全部主卧的灯")).toEqual(["light.zw_bedside", "light.zw_ceiling"]);
    expect(targets("light.turn_on", "Guest Bedroom lights")).toEqual(["light.guest"]);
  });

  it("acts on every one of a kind in a room said with it in the singular, as HA's intents do", () => {
    expect(targets("light.turn_on", "the bedroom light").sort()).toEqual([
      "light.bedroom_ceiling",
      "light.bedside",
    ]);
  });

  it("keeps the whole house to the model's all: true; a floor bounds how many", () => {
    expect(refusal("light.turn_on", "all the lights")).toMatch(/every light in the house/);
    expect(refusal("light.turn_on", "所有的灯")).toMatch(/every light in the house/);
    expect(targets("light.turn_on", "the upstairs lights")).toHaveLength(6);
  });
});

describe("rooms as HA's intents read them", () => {
  it("acts on every entity of the service's domain in a room named alone", () => {
    expect(targets("light.turn_on", "Living Room")).toEqual(["light.floor_lamp", "light.sofa"]);
    expect(targets("light.turn_on", "Turn on the Living Room")).toEqual(["light.floor_lamp", "light.sofa"]);
    expect(targets("light.turn_on", "客厅")).toEqual(["light.floor_lamp", "light.sofa"]);
    expect(targets("light.turn_off", "主卧")).toEqual(["light.zw_bedside", "light.zw_ceiling"]);
    expect(targets("switch.turn_on", "kitchen")).toEqual(["switch.coffee"]);
  });

  it("acts, for a media intent, on the room's players in a state it applies to", () => {
    expect(targets("media_player.media_pause", "Pause in the living room")).toEqual(["media_player.tv"]);
    expect(targets("media_player.media_play", "living room")).toEqual(["media_player.speaker"]);
  });

  it("never acts outside the room said: a room without the domain's devices is a question", () => {
    for (const target of ["the back bedroom light", "Please turn on the back bedroom light", "Back Bedroom"])
      expect(refusal("light.turn_on", target), target).toMatch(/No light matches .*light\.bedroom_ceiling/);
  });

  it("asks when the room is unknown or holds none of the domain", () => {
    expect(refusal("switch.turn_on", "Hall")).toMatch(/No switch matches "Hall"/);
    expect(refusal("light.turn_on", "Attic")).toMatch(/No light matches "Attic"/);
  });
});

describe("words from HA's own sentence lists (home-assistant/intents)", () => {
  it("reads HA's zh-cn light words 筒灯 and 射灯 as lights, and its all words as all", () => {
    expect(targets("light.turn_on", "打开主卧的筒灯")).toEqual(["light.zw_bedside", "light.zw_ceiling"]);
    expect(targets("light.turn_off", "次卧射灯关掉")).toEqual(["light.cw_desk"]);
    expect(targets("light.turn_on", "each light upstairs")).toEqual(UPSTAIRS);
    expect(targets("light.turn_on", "楼上全部的灯")).toEqual(UPSTAIRS);
  });
});
