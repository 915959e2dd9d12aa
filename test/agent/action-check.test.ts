import { describe, expect, it } from "vitest";
import { ActionCheck } from "../../src/agent/action-check.js";
import type { ToolDefinition } from "../../src/tools/contract.js";

const offered = [{ name: "iot_control" }] as ToolDefinition[];
const turnOffAc = {
  id: "c1",
  name: "iot_control",
  arguments: JSON.stringify({ service: "switch.turn_off", target: "AC" }),
};
const prompt = "What's on the family calendar? Also turn off the AC.";
/** A thought's message: its prompt wrapped in what the home looks like now (thinker/prompt.ts). */
const thought = (home: string) =>
  [
    "This is a background thought: you are thinking on your own and no one is waiting for an answer.",
    `Why: a Home Assistant automation asked (topic: calendar): ${prompt}`,
    `The home now: ${home}`,
    "No recent conversations.",
    "No upcoming reminders.",
    "It is 2026-12-05 03:20 Saturday. Decide what, if anything, needs doing, and use tools where they help.",
  ].join("\n\n");
/** Unset, the turn's language is told by the text, as a thought's was. */
const waits = (message: string, ownWords?: string) =>
  new ActionCheck([{ role: "user", content: message }], offered, new Set(), undefined, ownWords).confirmFirst(
    turnOffAc,
  );

describe("the action check reads the person's own words", () => {
  const homes = [
    "lights on: none; open or unlocked: nothing",
    "home: nobody; lights on: 客厅灯, 卧室台灯, Bed Light, Ceiling Lights, Kitchen Lights and 6 more; " +
      "open or unlocked: Hall Window (open), Kitchen Door (unlocked)",
  ];

  it("a thought's message alone reads differently as the home's states change", () => {
    // Why the check must not judge the whole message: the same prompt, two verdicts.
    expect(homes.map((home) => waits(thought(home)) === undefined)).toContain(false);
  });

  it("judged on the thought's prompt, its change runs whatever the home looks like", () => {
    for (const home of homes) expect(waits(thought(home), prompt)).toBeUndefined();
  });

  it("a status question still waits for the person's yes", () => {
    const asked = "Is the AC on?";
    expect(waits(asked, asked)?.why).toMatch(/question/);
  });
});
