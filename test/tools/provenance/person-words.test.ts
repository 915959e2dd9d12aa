import { describe, expect, it } from "vitest";
import { actionNamed, saysYes } from "../../../src/tools/provenance/person-words.js";

describe("the person's words", () => {
  it("name a kind of action in any language Cyrene has words for", () => {
    expect(actionNamed("turn off the AC", "switch", "turn_off")).toBe(true);
    expect(actionNamed("summarize the page", "switch", "turn_off")).toBe(false);
    expect(actionNamed("把空调关了", "switch", "turn_off")).toBe(true);
    expect(actionNamed("set ours to it", "climate", "set_temperature")).toBe(true);
    expect(actionNamed("open the garage", "lock", "unlock")).toBe(false);
    expect(actionNamed("whatever", "vacuum", "some_unknown_service")).toBe(false);
  });

  it("say yes only without a no", () => {
    expect(saysYes("Yes, do it.")).toBe(true);
    expect(saysYes("好的，确认")).toBe(true);
    expect(saysYes("no, don't")).toBe(false);
    expect(saysYes("summarize this other page")).toBe(false);
  });
});
