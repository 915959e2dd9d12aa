import { describe, expect, it } from "vitest";
import { actionNamed } from "../../../src/tools/provenance/person-words.js";

describe("the person's words", () => {
  it("name a kind of action in any language Cyrene has words for", () => {
    expect(actionNamed("turn off the AC", "switch", "turn_off")).toBe(true);
    expect(actionNamed("summarize the page", "switch", "turn_off")).toBe(false);
    expect(actionNamed("把空调关了", "switch", "turn_off")).toBe(true);
    expect(actionNamed("set ours to it", "climate", "set_temperature")).toBe(true);
    expect(actionNamed("close the garage", "lock", "unlock")).toBe(false);
    expect(actionNamed("open the front door", "lock", "unlock")).toBe(true);
    expect(actionNamed("whatever", "vacuum", "some_unknown_service")).toBe(false);
  });
});
