import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type EvalHome, loadDataset } from "../../eval/dataset.js";
import { SimHome } from "../../eval/sim-home.js";
import { interpret } from "../../src/ha/resolve.js";
import { findWord, normalize } from "../../src/ha/text.js";

/**
 * The place words (place-words.ts) measured on how people really say things: every sentence of the eval
 * datasets (both languages) read with a place word and no area of its home named must place the device
 * it is about among the areas the word means. The rates are printed with the run.
 */
const dataset = loadDataset();
const DATASETS = join(import.meta.dirname, "../../eval/datasets");

/** The device ids of a home's fixtures as written (loadDataset keeps the first of a repeated id). */
function fixtureDeviceIds(home: EvalHome): string[] {
  const dir =
    home.dataset === "cyrene-zh" ? "cyrene-zh" : "home-assistant-datasets/device-actions-v2-fixtures";
  const doc = parse(readFileSync(join(DATASETS, dir, home.id, "_fixtures.yaml"), "utf8")) as {
    devices?: { id: string }[];
  };
  return (doc.devices ?? []).map((d) => d.id);
}
const report: string[] = [];
afterAll(() => console.log(`\nPlace words on the eval datasets' sentences\n${report.join("\n")}\n`));

describe("place words on the datasets' sentences", () => {
  it("place the device meant among the areas they mean", async () => {
    const read = { en: 0, zh: 0 };
    const wrong: string[] = [];
    for (const home of dataset.homes) {
      const dir = (await new SimHome(home).snapshot()).directory;
      // Some fixtures give one device id to devices in several rooms (family-farmhouse-us' three
      // "smart_speaker"s): where such a device is, the data does not say.
      const ids = fixtureDeviceIds(home);
      const placed = (id: string) => {
        const device = home.entities.find((e) => e.id === id)?.device;
        return !device || ids.indexOf(device) === ids.lastIndexOf(device);
      };
      for (const c of dataset.cases.filter((c) => c.home === home.id)) {
        if (!Object.keys(c.expect).every(placed)) continue;
        const query = normalize(c.sentence);
        const said = (family: boolean) =>
          dir.areaTerms.some((t) => Boolean(t.family) === family && findWord(query, t.compact) >= 0);
        if (!said(true) || said(false)) continue;
        read[home.language === "zh" ? "zh" : "en"]++;
        const { areaIds } = interpret(query, dir, [c.service.split(".")[0]!]);
        const areas = Object.keys(c.expect).map((id) => dir.get(id)?.areaId);
        if (!areas.every((a) => a && areaIds.includes(a))) wrong.push(`${c.id}: ${c.sentence}`);
      }
    }
    report.push(`  sentences read with a place word: en ${read.en}, zh ${read.zh}`);
    report.push(`  device outside the areas read: ${wrong.length}${wrong.map((w) => `\n    ${w}`).join("")}`);
    expect(read.en).toBeGreaterThan(0);
    expect(read.zh).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
