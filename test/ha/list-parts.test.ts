import { describe, expect, it } from "vitest";
import { listParts } from "../../src/ha/resolve-phrase.js";

describe("a list of devices, in every pack's joining words", () => {
  it.each([
    ["the lamp and the fan", ["the lamp", "the fan"]],
    ["台灯和风扇", ["台灯", "风扇"]],
    ["A、B，C, D", ["A", "B", "C", "D"]],
    ["die Stehlampe und den Ventilator", ["die Stehlampe", "den Ventilator"]],
    ["la lampe et le ventilateur", ["la lampe", "le ventilateur"]],
    ["Sandy Band Light", ["Sandy Band Light"]],
  ])("%s", (phrase, parts) => {
    expect(listParts(phrase)).toEqual(parts);
  });
});
