import { describe, expect, it } from "vitest";
import { loadDataset } from "../../eval/dataset.js";
import { withoutCommandWords } from "../../eval/literal-model.js";
import { SimHome } from "../../eval/sim-home.js";

describe("the eval's datasets", () => {
  const dataset = loadDataset();

  it("holds the public homes and at least three Chinese homes with 150 cases", () => {
    const zh = dataset.homes.filter((h) => h.dataset === "cyrene-zh");
    expect(dataset.homes.length - zh.length).toBeGreaterThanOrEqual(19);
    expect(zh.length).toBeGreaterThanOrEqual(3);
    expect(dataset.cases.filter((c) => c.dataset === "cyrene-zh").length).toBeGreaterThanOrEqual(150);
  });

  it("gives every case a service, an expected state on an entity of its home, and a real change", () => {
    for (const c of dataset.cases) {
      const home = dataset.homes.find((h) => h.id === c.home)!;
      expect(c.service, c.id).toMatch(/^[a-z_]+\.[a-z_]+$/);
      for (const id of Object.keys(c.expect))
        expect(
          home.entities.some((e) => e.id === id),
          c.id,
        ).toBe(true);
    }
    const light = dataset.cases.find(
      (c) => c.sentence === "Turn off the bathroom light" && c.home === "beach-bungalow-us",
    )!;
    expect(light).toMatchObject({
      service: "light.turn_off",
      expect: { "light.bathroom_light": { state: "off" } },
    });
    const sim = new SimHome(dataset.homes.find((h) => h.id === light.home)!);
    sim.reset(light);
    expect(sim.current()["light.bathroom_light"]!.state).toBe("on");
  });

  it("counts a case as determinate when the state tells the device, as HA's media intents do", () => {
    const amalfi = dataset.cases.filter((c) => c.home === "amalfi-coast-villa-it");
    const first = (service: string, sentence: string) =>
      amalfi.find((c) => c.service === service && c.sentence === sentence)!;
    // Every player of the home starts playing: the one to resume is primed paused, and is the only one.
    expect(first("media_player.media_play", "Unpause")).toMatchObject({
      determinate: true,
      prime: { "media_player.smart_speaker": { state: "paused" } },
    });
    // Three playing: "pause" cannot tell which; a track change is primed on a player that plays.
    expect(first("media_player.media_pause", "Pause").determinate).toBe(false);
    expect(first("media_player.media_previous_track", "Previous")).toMatchObject({
      determinate: false,
      prime: { "media_player.smart_speaker": { state: "playing" } },
    });
  });

  it("removes command words the way the CI's literal model does", () => {
    expect(withoutCommandWords("Please turn on the Garage Light")).toBe("Garage Light");
    expect(withoutCommandWords("Set the volume to 50%")).toBe("volume");
    expect(withoutCommandWords("请把卧室的阳台灯打开")).toBe("卧室的阳台灯");
  });
});
