import { describe, expect, it } from "vitest";
import { saysYes, takesQuestion } from "../../../src/tools/provenance/reply.js";
import { buildHome } from "../../ha/support/home-builder.js";

const dir = buildHome(
  [
    { id: "kitchen", name: "Kitchen", aliases: ["厨房"] },
    { id: "bedroom", name: "Bedroom", aliases: ["卧室"] },
  ],
  [
    { id: "cover.garage_door", name: "Garage Door", deviceClass: "garage", aliases: ["车库门"] },
    { id: "lock.front_door", name: "Front Door", aliases: ["前门"] },
    { id: "light.kitchen", name: "Kitchen Light", area: "kitchen" },
    { id: "fan.bedroom", name: "Bedroom Fan", area: "bedroom", aliases: ["风扇"] },
  ],
).directory();
const openGarage = [{ domain: "cover", service: "open_cover", entityIds: ["cover.garage_door"] }];

describe("the person's reply to a question", () => {
  it("say yes only without a no", () => {
    expect(saysYes("Yes, do it.")).toBe(true);
    expect(saysYes("好的，确认")).toBe(true);
    expect(saysYes("no, don't")).toBe(false);
    expect(saysYes("summarize this other page")).toBe(false);
  });

  it("say yes with a rhetorical question or after a filler, never with a status question", () => {
    expect(saysYes("Why not?")).toBe(true);
    expect(saysYes("sure, why not")).toBe(true);
    expect(saysYes("行啊，为什么不呢")).toBe(true);
    expect(saysYes("um yes")).toBe(true);
    expect(saysYes("danke, ja")).toBe(true);
    expect(saysYes("好的呢")).toBe(true);
    expect(saysYes("你说呢")).toBe(false);
    expect(saysYes("why not the fan? no")).toBe(false);
    expect(takesQuestion("ok what's the temperature outside", openGarage, dir)).toBe(false);
  });

  it("take a question by asking for the asked change itself, and nothing else in the home", () => {
    for (const reply of ["open it", "Open the garage.", "打开吧", "快开", "yes, open the garage door"])
      expect(takesQuestion(reply, openGarage, dir), reply).toBe(true);
    for (const reply of [
      "open the front door",
      "yes, the kitchen light",
      "打开风扇",
      "turn on the fan instead",
      "ok, close it",
      "don't open it",
      "is the garage open",
      "summarize this page",
    ])
      expect(takesQuestion(reply, openGarage, dir), reply).toBe(false);
    // Without the home, only a yes takes a question: the devices it names can't be checked.
    expect(takesQuestion("open it", openGarage)).toBe(false);
    expect(takesQuestion("yes", openGarage)).toBe(true);
  });
});
