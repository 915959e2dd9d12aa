import { describe, expect, it } from "vitest";
import { resolve } from "../../../src/ha/resolve.js";
import { buildHome } from "../../ha/support/home-builder.js";
import { targetHelpers } from "./target-helpers.js";

/** A home whose outdoor and entrance areas are named as homes name them, none of them "outside". */
function englishHome() {
  return buildHome(
    [
      { id: "living_room", name: "Living Room" },
      { id: "terrace", name: "Terrace" },
      { id: "backyard", name: "Backyard" },
      { id: "entryway", name: "Entryway" },
      { id: "garage", name: "Garage" },
    ],
    [
      {
        id: "media_player.sonos_one",
        name: "Sonos One",
        area: "living_room",
        deviceClass: "speaker",
        state: "playing",
      },
      {
        id: "media_player.sonos_move",
        name: "Sonos Move",
        area: "terrace",
        deviceClass: "speaker",
        state: "playing",
      },
      { id: "light.string_lights", name: "String Lights", area: "terrace", state: "off" },
      { id: "light.floodlight", name: "Floodlight", area: "backyard", state: "off" },
      { id: "light.ceiling", name: "Ceiling Light", area: "living_room", state: "off" },
      { id: "light.outside_light", name: "Outside Light", area: "garage", state: "off" },
      { id: "valve.sprinklers", name: "Sprinklers", area: "backyard", state: "closed" },
      { id: "valve.main_water", name: "Main Water", area: "garage", state: "open" },
      { id: "lock.deadbolt", name: "Deadbolt", area: "entryway", state: "locked" },
      { id: "lock.side", name: "Side Lock", area: "garage", state: "locked" },
    ],
  );
}

function chineseHome() {
  return buildHome(
    [
      { id: "living_room", name: "客厅" },
      { id: "balcony", name: "阳台" },
      { id: "back_garden", name: "后花园" },
      { id: "hall", name: "入户门厅" },
      { id: "garage", name: "车库" },
    ],
    [
      {
        id: "media_player.living",
        name: "客厅音箱",
        area: "living_room",
        deviceClass: "speaker",
        state: "playing",
      },
      {
        id: "media_player.balcony",
        name: "小爱音箱",
        area: "balcony",
        deviceClass: "speaker",
        state: "playing",
      },
      { id: "light.garden_lamp", name: "草坪灯", area: "back_garden", state: "off" },
      { id: "light.garden_path", name: "小路灯", area: "back_garden", state: "off" },
      { id: "light.living", name: "吸顶灯", area: "living_room", state: "off" },
      { id: "light.hall", name: "筒灯", area: "hall", state: "off" },
      { id: "valve.garden", name: "喷灌", area: "back_garden", state: "closed" },
      { id: "valve.main", name: "总水阀", area: "garage", state: "open" },
      { id: "lock.hall", name: "智能锁", area: "hall", state: "unlocked" },
      { id: "lock.garage", name: "车库锁", area: "garage", state: "unlocked" },
    ],
  );
}

describe("words for kinds of place in control targets", () => {
  const home = englishHome();
  const { targets, refusal } = targetHelpers(home.directory(), home.states);
  const zh = chineseHome();
  const zhTargets = targetHelpers(zh.directory(), zh.states).targets;

  it("reads 'outside' as the outdoor areas", () => {
    expect(targets("media_player.media_pause", "the speaker outside")).toEqual(["media_player.sonos_move"]);
    expect(targets("media_player.volume_set", "outdoor speaker")).toEqual(["media_player.sonos_move"]);
    expect(targets("light.turn_on", "the lights outdoors")).toEqual([
      "light.floodlight",
      "light.string_lights",
    ]);
    expect(zhTargets("media_player.media_pause", "外面的音箱")).toEqual(["media_player.balcony"]);
    expect(zhTargets("light.turn_on", "户外的灯")).toEqual(["light.garden_lamp", "light.garden_path"]);
  });

  it("reads 'the garden' and 院子 as the yards and gardens", () => {
    expect(targets("valve.open_valve", "water the garden")).toEqual(["valve.sprinklers"]);
    expect(targets("light.turn_on", "the yard lights")).toEqual(["light.floodlight"]);
    expect(targets("valve.open_valve", "water the lawn")).toEqual(["valve.sprinklers"]);
    expect(zhTargets("light.turn_on", "打开院子里的灯")).toEqual(["light.garden_lamp", "light.garden_path"]);
    expect(zhTargets("valve.open_valve", "院子浇水")).toEqual(["valve.garden"]);
  });

  it("reads 'the front door' and 玄关 as the entrance", () => {
    expect(targets("lock.lock", "lock the front door")).toEqual(["lock.deadbolt"]);
    expect(refusal("light.turn_on", "the entrance light")).toMatch(/No light matches/);
    expect(zhTargets("lock.lock", "把前门锁上")).toEqual(["lock.hall"]);
    expect(zhTargets("light.turn_on", "玄关的灯")).toEqual(["light.hall"]);
  });

  it("reads an area word said alone as the areas whose names hold it", () => {
    const home = buildHome(
      [
        { id: "roof", name: "Rooftop Terrace" },
        { id: "porch", name: "Wrap-around Porch" },
        { id: "bedroom", name: "主卧" },
        { id: "bedroom_balcony", name: "主卧阳台" },
      ],
      [
        { id: "light.outdoor", name: "Outdoor Light", area: "roof", state: "off" },
        { id: "light.porch", name: "Porch Light", area: "porch", state: "off" },
        { id: "climate.roof_heater", name: "Patio Heater", area: "roof", state: "off" },
        { id: "light.bedroom", name: "吸顶灯", area: "bedroom", state: "off" },
        { id: "light.balcony", name: "晾衣架灯", area: "bedroom_balcony", state: "off" },
      ],
    );
    const { targets: t } = targetHelpers(home.directory(), home.states);
    expect(t("light.turn_on", "the light on the terrace")).toEqual(["light.outdoor"]);
    expect(t("climate.turn_on", "the heater on the terrace")).toEqual(["climate.roof_heater"]);
    expect(t("light.turn_off", "light off on the porch")).toEqual(["light.porch"]);
    expect(t("light.turn_on", "打开阳台的灯")).toEqual(["light.balcony"]);
    // A named room still wins over the word inside another room's name.
    expect(t("light.turn_on", "打开主卧的灯")).toEqual(["light.bedroom"]);
  });

  it("lets a device's own name win over the place word in it", () => {
    expect(targets("light.turn_on", "turn on the outside light")).toEqual(["light.outside_light"]);
  });

  it("lets a named room win: the word then means that room only", () => {
    const named = buildHome(
      [
        { id: "garden", name: "Garden", aliases: ["花园"] },
        { id: "backyard", name: "Backyard" },
        { id: "yard", name: "菜院子" },
      ],
      [
        { id: "light.garden", name: "Rose Lamp", area: "garden", state: "off" },
        { id: "light.backyard", name: "Floodlight", area: "backyard", state: "off" },
        { id: "light.veg", name: "菜地灯", area: "yard", state: "off" },
      ],
    );
    const { targets: t } = targetHelpers(named.directory());
    expect(t("light.turn_on", "the garden light")).toEqual(["light.garden"]);
    expect(t("light.turn_on", "打开花园里的灯")).toEqual(["light.garden"]);
    // Where no room is named, the word is the kind of place: every yard.
    expect(t("light.turn_on", "all the lights in the yard")).toEqual([
      "light.backyard",
      "light.garden",
      "light.veg",
    ]);
  });

  it("gives the words no meaning in a home without such places", () => {
    const flat = buildHome(
      [
        { id: "living_room", name: "Living Room", aliases: ["客厅"] },
        { id: "kitchen", name: "Kitchen", aliases: ["厨房"] },
      ],
      [
        {
          id: "media_player.one",
          name: "Sonos One",
          area: "living_room",
          deviceClass: "speaker",
          state: "playing",
        },
        {
          id: "media_player.two",
          name: "Kitchen Speaker",
          area: "kitchen",
          deviceClass: "speaker",
          state: "playing",
        },
        { id: "lock.door", name: "Door Lock", area: "kitchen", state: "locked" },
      ],
    );
    const dir = flat.directory();
    expect(dir.areaTerms.filter((t) => t.family)).toEqual([]);
    const { refusal: r } = targetHelpers(dir, flat.states);
    expect(r("media_player.media_pause", "the speaker outside")).toMatch(
      /media_player\.one.*media_player\.two|media_player\.two.*media_player\.one/,
    );
    for (const words of [
      "the speaker outside",
      "lock the front door",
      "water the garden",
      "外面的音箱",
      "院子里的灯",
    ])
      expect(resolve(dir, words).reading.areaIds, words).toEqual([]);
    expect(r("media_player.media_pause", "外面的音箱")).toMatch(/media_player\.one|media_player\.two/);
  });
});
