import type { HassService } from "home-assistant-js-websocket";
import { describe, expect, it } from "vitest";
import { validateData } from "../../../src/tools/home/iot/services.js";

const TURN_ON = {
  name: "Turn on",
  description: "",
  fields: {
    color_name: { selector: { select: { options: ["red", "green", "blue", "white", "purple", "violet"] } } },
  },
} as unknown as HassService;

describe("colour words of every pack", () => {
  it.each([
    ["红色", "red"],
    ["Grün", "green"],
    ["weiß", "white"],
    ["bleue", "blue"],
    ["violette", "purple"],
    ["violet", "violet"],
    ["Red", "red"],
  ])("%s is %s", (said, name) => {
    expect(validateData("light.turn_on", TURN_ON, { color_name: said }).color_name).toBe(name);
  });
});
