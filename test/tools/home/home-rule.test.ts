import { describe, expect, it } from "vitest";
import { homeChangesOf, splitConditions } from "../../../src/tools/home/home-rule.js";
import { describeRule } from "../../../src/tools/home/home-rule/describe.js";
import { callsOf, checkTimePatterns, entitiesNamed } from "../../../src/tools/home/home-rule/pieces.js";
import { enRules } from "../../../src/words/en/rules.js";
import { zhRules } from "../../../src/words/zh/rules.js";

const names: Record<string, string> = {
  "switch.coffee_maker": "Coffee Maker",
  "binary_sensor.front_door": "Front Door",
  "light.hall": "Hall Light",
  "sensor.bathroom_humidity": "Bathroom Humidity",
  "fan.bathroom": "Bathroom Fan",
};
const nameOf = (id: string) => names[id] ?? id;
const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"];

const coffee = splitConditions(
  [{ trigger: "time", at: "07:00:00" }],
  [
    { condition: "time", weekday: WEEKDAYS },
    { action: "switch.turn_on", target: { entity_id: "switch.coffee_maker" } },
  ],
);
const hall = splitConditions(
  [{ trigger: "state", entity_id: "binary_sensor.front_door", to: "on" }],
  [
    { condition: "sun", after: "sunset" },
    { action: "light.turn_on", target: { entity_id: "light.hall" } },
  ],
);
const humidity = splitConditions(
  [{ trigger: "numeric_state", entity_id: "sensor.bathroom_humidity", above: 70 }],
  [
    { action: "fan.turn_on", target: { entity_id: "fan.bathroom" } },
    { wait_for_trigger: [{ trigger: "numeric_state", entity_id: "sensor.bathroom_humidity", below: 60 }] },
    { action: "fan.turn_off", target: { entity_id: "fan.bathroom" } },
  ],
);

describe("home rules in plain words", () => {
  it("say the issue's three rules in English", () => {
    expect(describeRule(coffee, enRules, nameOf)).toBe("Every weekday at 07:00: turn on Coffee Maker");
    expect(describeRule(hall, enRules, nameOf)).toBe(
      "When Front Door turns on, only if after sunset: turn on Hall Light",
    );
    expect(describeRule(humidity, enRules, nameOf)).toBe(
      "When Bathroom Humidity rises above 70: turn on Bathroom Fan, then wait until Bathroom Humidity " +
        "falls below 60, then turn off Bathroom Fan",
    );
  });

  it("say them in Chinese", () => {
    expect(describeRule(coffee, zhRules, nameOf)).toBe("每个工作日 07:00：打开Coffee Maker");
    expect(describeRule(hall, zhRules, nameOf)).toBe("当Front Door变为 on 时，且仅当日落后：打开Hall Light");
    expect(describeRule(humidity, zhRules, nameOf)).toBe(
      "当Bathroom Humidity高于 70 时：打开Bathroom Fan，然后等到Bathroom Humidity低于 60，然后关闭Bathroom Fan",
    );
  });

  it("say weekends, some days, sun offsets, periods and durations", () => {
    const at = (conditions: unknown[]) => ({
      triggers: [{ trigger: "time", at: "21:30" }],
      conditions,
      actions: [{ action: "switch.turn_off", target: { entity_id: "switch.coffee_maker" } }],
    });
    expect(describeRule(at([{ condition: "time", weekday: ["sun", "sat"] }]), enRules, nameOf)).toBe(
      "Every weekend day at 21:30: turn off Coffee Maker",
    );
    expect(describeRule(at([{ condition: "time", weekday: ["mon", "wed"] }]), enRules, nameOf)).toBe(
      "On Mon, Wed at 21:30: turn off Coffee Maker",
    );
    expect(describeRule(at([]), enRules, nameOf)).toBe("Every day at 21:30: turn off Coffee Maker");
    const sun = {
      triggers: [{ trigger: "sun", event: "sunset", offset: "+00:30:00" }],
      conditions: [],
      actions: [{ delay: { minutes: 2 } }],
    };
    expect(describeRule(sun, enRules, nameOf)).toBe("30 minutes after sunset: wait 0:02:00");
    expect(describeRule(sun, zhRules, nameOf)).toBe("日落后 30 分钟：等待 0:02:00");
  });
});

describe("what a rule names and changes", () => {
  it("lists the entities of triggers and actions, and the service calls of nested actions", () => {
    expect(entitiesNamed(humidity.triggers, "triggers")).toEqual(["sensor.bathroom_humidity"]);
    const calls = callsOf([
      {
        if: [{ condition: "state", entity_id: "light.hall", state: "off" }],
        then: [{ action: "light.turn_on", target: { entity_id: "light.hall" } }],
      },
      { choose: [{ conditions: [], sequence: [{ service: "fan.turn_on", entity_id: "fan.bathroom" }] }] },
      { scene: "scene.evening" },
    ]);
    expect(calls.map((c) => [c.service, c.entityIds])).toEqual([
      ["light.turn_on", ["light.hall"]],
      ["fan.turn_on", ["fan.bathroom"]],
      ["scene.turn_on", ["scene.evening"]],
    ]);
  });

  it("refuses what cannot be checked or never comes round", () => {
    expect(() =>
      entitiesNamed([{ action: "light.turn_on", target: { area_id: "hall" } }], "actions"),
    ).toThrow(/not by area/);
    expect(() => entitiesNamed([{ entity_id: "{{ states.light | first }}" }], "actions")).toThrow(
      /not one entity id/,
    );
    expect(() => callsOf([{ event: "cyrene_think" }])).toThrow(/Cyrene writes service calls/);
    expect(() => checkTimePatterns([{ trigger: "time_pattern", minutes: "/0" }])).toThrow(/every 0 minutes/);
    expect(() => checkTimePatterns([{ trigger: "time_pattern", minutes: 0 }])).not.toThrow();
  });

  it("homeChangesOf: the entities and services a home_rule call would change", () => {
    expect(
      homeChangesOf({ action: "create", triggers: humidity.triggers, actions: humidity.actions }),
    ).toEqual([
      { service: "fan.turn_on", entityIds: ["fan.bathroom"] },
      { service: "fan.turn_off", entityIds: ["fan.bathroom"] },
    ]);
    expect(homeChangesOf({ action: "off", rule: "cyrene_rule_ab12" })).toEqual([
      { service: "automation.turn_off", entityIds: ["cyrene_rule_ab12"] },
    ]);
    expect(homeChangesOf({ action: "list" })).toEqual([]);
    expect(homeChangesOf({ actions: [{ event: "x" }] })).toEqual([]);
    expect(homeChangesOf("not an object")).toEqual([]);
  });
});
