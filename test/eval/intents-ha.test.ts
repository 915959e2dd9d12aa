import { describe, expect, it } from "vitest";
import { reread } from "../../eval/intents-ha.js";
import { loadIntentCases, type IntentCase } from "../../eval/intents.js";
import type { HaRecognition } from "../../eval/real-home.js";

/**
 * How a case's expectation follows what the HA under test reads (eval/intents-ha.ts), on the German test
 * home and HA's debug answers as HA 2026.11 gives them (test/eval/intents.test.ts asks the real one).
 */
const { homes, cases } = loadIntentCases(["de"]);
const home = homes[0]!;
const said = (sentence: string): IntentCase => {
  const found = cases.find((c) => c.sentence === sentence);
  if (!found) throw new Error(`no case says ${sentence}`);
  return found;
};
const read = (intent: string, targets: string[], extra: Partial<HaRecognition> = {}): HaRecognition => ({
  intent: { name: intent },
  slots: {},
  targets: Object.fromEntries(targets.map((id) => [id, { matched: true }])),
  match: true,
  ...extra,
});

describe("the devices a case expects are those the HA under test targets", () => {
  it("a device class HA reads that the old slots lack: HA's devices, primed for the action", () => {
    const c = said("im Wohnzimmer das Rollo öffnen");
    expect(Object.keys(c.expect)).toHaveLength(5);
    const blinds = ["cover.wohnzimmer_rollo_links", "cover.wohnzimmer_rollo_rechts"];
    const r = reread(
      home,
      c,
      read("HassTurnOn", blinds, { slots: { device_class: "Rollo", area: "Wohnzimmer" } }),
    );
    expect(r.reading).toBe("device class added");
    expect(Object.keys(r.case.expect).sort()).toEqual(blinds);
    expect(Object.keys(r.case.prime ?? {}).sort()).toEqual(blinds);
    expect(r.case.determinate).toBe(true);
    expect(r.slotTargets).toHaveLength(5);
  });

  it("HA matching the sentence but no device (a name two devices share): nothing is expected", () => {
    const r = reread(
      home,
      said("schließ den Vorhang links"),
      read("HassTurnOff", [], { slots: { name: "Vorhang links" } }),
    );
    expect(r.reading).toBe("other");
    expect(r.case.expect).toEqual({});
    expect(r.case.determinate).toBe(false);
  });

  it("keeps the old slots where HA reads no intent, another intent or a slot it cannot match", () => {
    const c = said("alle Jalousien schließen");
    const kept = (reading: HaRecognition | null) => reread(home, c, reading);
    expect(kept(null).reading).toBe("kept: no intent");
    expect(kept(read("HassVacuumStart", [])).reading).toBe("kept: other intent");
    const unmatched = kept(read("HassTurnOff", [], { match: false, unmatched_slots: { area: "alle " } }));
    expect(unmatched.reading).toBe("kept: unmatched slot");
    for (const r of [kept(null), unmatched]) expect(r.case).toBe(c);
  });

  it("keeps to the domain of the intent's handler, and never to a device outside the home", () => {
    const c = said("Ventilator im Wohnzimmer 50%");
    const inRoom = ["fan.ceiling", "light.livingroom_lamp", "cover.wohnzimmer_rollo_links"];
    const r = reread(
      home,
      c,
      read("HassFanSetSpeed", inRoom, { slots: { area: "Wohnzimmer", percentage: "50" } }),
    );
    expect(Object.keys(r.case.expect)).toEqual(["fan.ceiling"]);
    expect(() => reread(home, c, read("HassFanSetSpeed", ["fan.elsewhere"]))).toThrow(/not an entity/);
  });
});
