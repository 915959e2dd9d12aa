import { describe, expect, it } from "vitest";
import { targetHelpers } from "../tools/home/target-helpers.js";
import { buildHome } from "./support/home-builder.js";

/**
 * Names as HA's intents read them (homeassistant/helpers/intent.py, _filter_by_name): the current name
 * and the aliases identify an entity; the integration's original name of a renamed entity does not.
 */
function renamedHome() {
  const home = buildHome(
    [
      { id: "bedroom", name: "主卧", aliases: ["Bedroom"] },
      { id: "living_room", name: "客厅", aliases: ["Living Room"] },
    ],
    [
      { id: "switch.balcony", name: "阳台灯", area: "bedroom", state: "off" },
      // Its integration called it 阳台灯 too; the user renamed it.
      { id: "switch.living_balcony", name: "阳台灯", area: "living_room", state: "off" },
      { id: "light.porch", name: "Porch Light", area: "living_room", state: "off" },
      { id: "light.desk", name: "Desk Lamp", area: "bedroom", state: "off" },
    ],
  );
  const rename = (id: string, name: string) => {
    const entry = home.registries.entities.find((e) => e.entity_id === id)!;
    entry.name = name;
    home.states[id]!.attributes.friendly_name = name;
  };
  rename("switch.living_balcony", "客厅露台开关");
  rename("light.porch", "Entry Light");
  return home.directory();
}

const dir = renamedHome();
const { targets } = targetHelpers(dir);

describe("names as HA's intents read them", () => {
  it("identifies an entity by its current name, never tying it with one renamed away from that name", () => {
    for (const target of ["阳台灯", "打开阳台灯", "卧室的阳台灯", "主卧阳台灯"])
      expect(targets("switch.turn_on", target), target).toEqual(["switch.balcony"]);
    expect(targets("switch.turn_on", "客厅露台开关")).toEqual(["switch.living_balcony"]);
  });

  it("falls back to an original name only when no current name matches", () => {
    expect(targets("light.turn_on", "Porch Light")).toEqual(["light.porch"]);
    expect(targets("light.turn_on", "Entry Light")).toEqual(["light.porch"]);
    expect(targets("light.turn_on", "Desk Lamp")).toEqual(["light.desk"]);
  });
});

describe("aliases as HA 2026.11 lists them", () => {
  it("takes null as the entity's own name entry, and the aliases after it", () => {
    const home = buildHome(
      [{ id: "kitchen", name: "厨房", aliases: ["Kitchen"] }],
      [{ id: "light.kitchen_lights", name: "Kitchen Lights", area: "kitchen", state: "off" }],
    );
    home.registries.entities.find((e) => e.entity_id === "light.kitchen_lights")!.aliases = [null, "厨房灯"];
    const { targets: named } = targetHelpers(home.directory());
    expect(named("light.turn_on", "厨房灯")).toEqual(["light.kitchen_lights"]);
    expect(named("light.turn_on", "Kitchen Lights")).toEqual(["light.kitchen_lights"]);
  });
});
