import { describe, expect, it } from "vitest";
import { ToolError } from "../../../src/tools/contract.js";
import { resolveTargets } from "../../../src/tools/home/iot/targets.js";
import { buildHome } from "../../ha/support/home-builder.js";

/**
 * Rooms and floors said with a kind of device, in the four languages with a pack, as HA's intents read
 * them (the sentences are HA's own, from its en, de, fr and zh-cn tests): every device of that kind
 * there, singular, plural or mass noun; a name still wins; "here" is the speaker's room.
 */
function home() {
  const built = buildHome(
    [
      { id: "kitchen", name: "Kitchen" },
      { id: "wohnzimmer", name: "Wohnzimmer" },
      { id: "garage", name: "Garage" },
      { id: "cuisine", name: "cuisine" },
      { id: "chambre", name: "chambre" },
      { id: "keting", name: "客厅" },
    ],
    [
      { id: "light.kitchen_ceiling", name: "Kitchen ceiling", area: "kitchen" },
      { id: "light.kitchen_cabinets", name: "Kitchen cabinets", area: "kitchen" },
      { id: "cover.rollo_links", name: "Rollo links", area: "wohnzimmer", deviceClass: "blind" },
      { id: "cover.rollo_rechts", name: "Rollo rechts", area: "wohnzimmer", deviceClass: "blind" },
      { id: "cover.vorhang", name: "Vorhang links", area: "wohnzimmer", deviceClass: "curtain" },
      { id: "cover.rollladen", name: "Rollladen links", area: "wohnzimmer", deviceClass: "shutter" },
      { id: "cover.garagentuer", name: "Garagentür", area: "garage", deviceClass: "garage" },
      { id: "light.plafond", name: "lumière du plafond", area: "cuisine" },
      { id: "light.evier", name: "lampe de l'évier", area: "cuisine" },
      { id: "light.chevet", name: "lampe de chevet", area: "chambre" },
      { id: "light.keting", name: "吸顶灯", area: "keting" },
      { id: "light.keting_strip", name: "灯带", area: "keting" },
    ],
  );
  built.registries.floors = [
    { floor_id: "first", name: "First Floor", aliases: [] },
    { floor_id: "rdc", name: "Rez-De-Chaussée", aliases: [] },
  ];
  for (const area of built.registries.areas)
    area.floor_id = area.area_id === "kitchen" ? "first" : area.area_id === "cuisine" ? "rdc" : null;
  return built;
}

const dir = home().directory();
const targets = (service: string, target: string, speakerAreaId?: string): string[] | string => {
  const [domain, name] = service.split(".") as [string, string];
  try {
    return resolveTargets(dir, { domain, service: name, targets: [target], all: false, speakerAreaId })
      .map((e) => e.entityId)
      .sort();
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
};
const KITCHEN = ["light.kitchen_cabinets", "light.kitchen_ceiling"];

describe("rooms and floors said with a kind, in every language with a pack", () => {
  it("English: singular, plural and mass noun, room or floor", () => {
    for (const said of [
      "turn off the kitchen light",
      "turn off our first floor lights",
      "turn off lighting in kitchen",
      "set the first floor brightness to 50%",
      // "color temperature" and "warm white" go whole, not "color" and "white" with a word left behind.
      "set the first floor color temperature to warm white",
    ])
      expect(targets(said.startsWith("set") ? "light.turn_on" : "light.turn_off", said), said).toEqual(
        KITCHEN,
      );
    expect(targets("light.turn_off", "turn off the kitchen ceiling")).toEqual(["light.kitchen_ceiling"]);
  });

  it("German: die Rollos im Wohnzimmer are its blinds, not its curtain or shutter; a name still wins", () => {
    expect(targets("cover.close_cover", "schließe die Rollos im Wohnzimmer")).toEqual([
      "cover.rollo_links",
      "cover.rollo_rechts",
    ]);
    expect(targets("cover.close_cover", "im Wohnzimmer das Rollo schließen")).toEqual([
      "cover.rollo_links",
      "cover.rollo_rechts",
    ]);
    expect(targets("cover.close_cover", "schließe Rollo links")).toEqual(["cover.rollo_links"]);
    // As HA 2026.11 reads them (its cover_classes): Rollladen is a shutter, Beschattung an awning.
    expect(targets("cover.set_cover_position", "mache im Wohnzimmer alle Rollläden auf 20%")).toEqual([
      "cover.rollladen",
    ]);
    expect(targets("cover.open_cover", "fahr im Wohnzimmer die Beschattungen hoch")).toMatch(
      /^No cover matches/,
    );
  });

  it("French: la lumière au rez-de-chaussée and les lumières de la cuisine", () => {
    const cuisine = ["light.evier", "light.plafond"];
    expect(targets("light.turn_off", "Éteins la lumière au rez-de-chaussée")).toEqual(cuisine);
    expect(targets("light.turn_off", "Éteins toutes les lumières de la cuisine")).toEqual(cuisine);
    expect(targets("light.turn_on", "allume la lampe de chevet")).toEqual(["light.chevet"]);
  });

  it("Chinese: 客厅的灯 is the room's lights", () => {
    expect(targets("light.turn_on", "把客厅的灯打开")).toEqual(["light.keting", "light.keting_strip"]);
    expect(targets("light.turn_on", "把客厅颜色设置为蓝色")).toEqual(["light.keting", "light.keting_strip"]);
    expect(targets("light.turn_on", "设置客厅颜色为蓝色")).toEqual(["light.keting", "light.keting_strip"]);
  });

  it("here is the speaker's room: no other room named in the words is acted on", () => {
    // HA reads "hier" as the room; the garage's door is not here: a question naming the candidates.
    expect(targets("cover.close_cover", "hier Garage zu", "wohnzimmer")).toMatch(
      /^No cover matches "hier Garage zu"/,
    );
    expect(targets("light.turn_off", "éteins la lumière ici", "cuisine")).toEqual([
      "light.evier",
      "light.plafond",
    ]);
    expect(targets("light.turn_off", "关闭这里的灯", "keting")).toEqual([
      "light.keting",
      "light.keting_strip",
    ]);
  });
});
