import { describe, expect, it } from "vitest";
import { familiesOf, PLACE_FAMILIES, placeTerms } from "../../src/ha/place-words.js";
import { resolve } from "../../src/ha/resolve.js";
import { normalize } from "../../src/ha/text.js";
import { buildHome } from "./support/home-builder.js";

const labels = (...names: string[]) => familiesOf(names).map((f) => f.label);

describe("words for kinds of place", () => {
  it("puts gardens and yards in the garden family (and outside), in both languages", () => {
    for (const name of [
      "Garden",
      "Front Garden",
      "Courtyard garden",
      "Backyard",
      "Front Yard",
      "Shared Courtyard",
    ])
      expect(labels(name), name).toEqual(["garden", "outside"]);
    for (const name of ["花园", "院子", "前院子", "Lawn", "草坪"])
      expect(labels(name), name).toEqual(["garden", "outside"]);
    // An alias counts as much as the name.
    expect(labels("The Green", "院子")).toEqual(["garden", "outside"]);
  });

  it("puts terraces, patios, porches, decks and balconies outside, in both languages", () => {
    for (const name of [
      "Terrace",
      "Rooftop Terrace",
      "Infinity Pool Terrace",
      "Patio",
      "Front Porch",
      "Screened-in porch",
      "Wrap-around Porch",
      "Deck",
      "Front Deck",
      "Balcony",
      "Juliet Balcony",
      "Veranda",
      "Outdoor Kitchen",
      "Outdoor Fire Pit",
      "Outside",
    ])
      expect(labels(name), name).toEqual(["outside"]);
    for (const name of ["阳台", "主卧阳台", "户外", "室外"]) expect(labels(name), name).toEqual(["outside"]);
  });

  it("puts entrances and the hallway at the front door in the entrance family, in both languages", () => {
    for (const name of ["Entrance", "Entryway", "Entry", "Shared Hallway", "Hallway"])
      expect(labels(name), name).toEqual(["entrance"]);
    for (const name of ["玄关", "入口", "入户花园"]) expect(labels(name), name).toContain("entrance");
  });

  it("leaves rooms indoors, and words inside other words, in no family", () => {
    for (const name of [
      "Living Room",
      "Kitchen",
      "Garage",
      "Pool (in building)",
      "Gardener's Shed Office",
      "Deckchair Storage",
      "Sentry Room",
      "客厅",
      "卧室",
      "车库",
    ])
      expect(labels(name), name).not.toContain("outside");
    expect(labels("Sentry Room")).toEqual([]);
    expect(labels("Deckchair Storage")).toEqual([]);
  });

  it("gives each family's words to the areas of that family, and no area word alone", () => {
    const terms = placeTerms([
      { id: "roof", names: ["Rooftop Terrace"] },
      { id: "pool", names: ["Infinity Pool Terrace"] },
      { id: "porch", names: ["Front Porch"] },
      { id: "balcony", names: ["主卧阳台"] },
      { id: "hall", names: ["Shared Hallway"] },
      { id: "kitchen", names: ["Kitchen", "厨房"] },
    ]);
    // "the terrace" is a part of the rooms' names, read as parts are (reread.ts), not a place word.
    expect(terms.get("terrace")).toBeUndefined();
    expect(terms.get("outside")).toEqual(["roof", "pool", "porch", "balcony"]);
    expect(terms.get("外面")).toEqual(["roof", "pool", "porch", "balcony"]);
    expect(terms.get("frontdoor")).toEqual(["hall"]);
    expect(terms.get("玄关")).toEqual(["hall"]);
    expect(terms.get("garden")).toBeUndefined();
    expect([...terms.values()].flat()).not.toContain("kitchen");
  });

  it("says each word for one family only", () => {
    const said = PLACE_FAMILIES.flatMap((f) => f.said.map((w) => normalize(w).compact));
    expect(new Set(said).size).toBe(said.length);
  });

  it("indexes a family's words only in a home with areas of it, and never over an area's own name", () => {
    const home = buildHome(
      [
        { id: "garden", name: "Garden" },
        { id: "terrace", name: "Terrace", aliases: ["露台"] },
        { id: "kitchen", name: "Kitchen" },
      ],
      [],
    );
    const terms = home.directory().areaTerms;
    const term = (compact: string) => terms.find((t) => t.compact === compact);
    expect(term("garden")).toEqual({ compact: "garden", areaIds: ["garden"] });
    expect(term("yard")).toEqual({ compact: "yard", areaIds: ["garden"], family: true });
    expect(term("outside")).toEqual({ compact: "outside", areaIds: ["garden", "terrace"], family: true });
    expect(term("entrance")).toBeUndefined();
    // Terrace is its own name; 露台 has no public source, so it is no word of a family.
    expect(term("terrace")).toEqual({ compact: "terrace", areaIds: ["terrace"] });
    expect(term("玄关")).toBeUndefined();
    // Longest first, as interpret() takes them.
    const lengths = terms.map((t) => t.compact.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });

  it("leaves a place word to the device named with it elsewhere (HA's 'Outside Temperature')", () => {
    const home = buildHome(
      [
        { id: "terrace", name: "Terrace" },
        { id: "living", name: "Living Room" },
      ],
      [
        {
          id: "sensor.outside_temperature",
          name: "Outside Temperature",
          deviceClass: "temperature",
          state: "9",
        },
        { id: "sensor.室外温度", name: "室外温度", area: "living", deviceClass: "temperature", state: "9" },
        {
          id: "sensor.terrace_temperature",
          name: "Terrace Temperature",
          area: "terrace",
          deviceClass: "temperature",
          state: "14",
        },
        {
          id: "media_player.terrace",
          name: "Terrace Speaker",
          area: "terrace",
          deviceClass: "speaker",
          state: "idle",
        },
      ],
    );
    const dir = home.directory();
    for (const words of ["what is the outside temperature", "the temperature outside", "室外温度"]) {
      const top = resolve(dir, words).candidates[0]?.entity.entityId;
      expect(top, words).toMatch(/outside_temperature|室外温度/);
    }
    // In another domain the word is still the place.
    expect(resolve(dir, "the speaker outside", { domains: ["media_player"] }).reading.areaIds).toEqual([
      "terrace",
    ]);
  });
});
