/**
 * Home rules on the public automations scenarios (allenporter/home-assistant-datasets,
 * datasets/automations): each scenario's home is loaded into the real HA (cyrene_eval_home), a scripted
 * model writes the rule through Cyrene's home_rule tool (the question, then the person's yes in the next
 * turn), and the scenario's event is fired in HA (a sensor's state set as the dataset's own tests do, or
 * the automation triggered where the trigger is a clock time); the end state HA reports is the score.
 * Every rule is there in English and in Chinese. The snapshot has no irrigation_schedule scenario: its
 * rule runs on the vineyard's irrigation valve of the device-actions home villa-bella-it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { createHomeAssistant, type HomeAssistant } from "../src/ha/index.js";
import { silentLogger } from "../src/logging/logger.js";
import { createHomeTime } from "../src/time/home-time.js";
import { Confirmations } from "../src/tools/confirmations.js";
import type { ToolResult } from "../src/tools/contract.js";
import { homeRuleTool } from "../src/tools/home/home-rule.js";
import { testTurn } from "../test/support/turn-context.js";
import { whenReady } from "../test/ha/support/real-ha.js";
import { readHome, type EvalHome } from "./dataset.js";
import type { RealHa } from "./real-home.js";

const HAD = join(import.meta.dirname, "datasets", "home-assistant-datasets");

/** What the test does in HA, and the states it then expects. */
type Step =
  | { set: string; state: string; expect: Record<string, string> }
  | { trigger: true; expect: Record<string, string> };

export interface RuleScenario {
  id: string;
  language: "en" | "zh";
  /** The scenario whose home is loaded (a folder of automations/, or a device-actions home). */
  home: string;
  words: string;
  /** What the scripted model passes to home_rule besides the words. */
  rule: { triggers: unknown[]; actions: unknown[] };
  /** The question the person hears before the yes. */
  said: string;
  /** Service calls that set the scene first (the vacuum is cleaning). */
  before?: { service: string; entityId: string }[];
  steps: Step[];
}

const on = (entity_id: string, action: string) => ({ action, target: { entity_id } });
const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"];

const PANTRY = { door: "binary_sensor.pantry_door", light: "light.pantry_light" };
const lightOnDoor = {
  triggers: [{ trigger: "state", entity_id: PANTRY.door, from: "off", to: "on" }],
  actions: [
    on(PANTRY.light, "light.turn_on"),
    {
      wait_for_trigger: [{ trigger: "state", entity_id: PANTRY.door, from: "on", to: "off" }],
      timeout: "00:02:00",
    },
    on(PANTRY.light, "light.turn_off"),
  ],
};
const ENTRY = { door: "binary_sensor.entry_door", speaker: "media_player.smart_speaker" };
// The scenario's 15 minutes are 2 seconds here: the test does not move HA's clock.
const doorLeftOpen = {
  triggers: [{ trigger: "state", entity_id: ENTRY.door, to: "on", for: { seconds: 2 } }],
  actions: [on(ENTRY.speaker, "media_player.media_play")],
};
const BATH = { sensor: "sensor.bathroom_exhaust_fan_humidity", fan: "fan.bathroom_exhaust_fan" };
const humidityFan = {
  triggers: [{ trigger: "numeric_state", entity_id: BATH.sensor, above: 70 }],
  actions: [
    { condition: "state", entity_id: BATH.fan, state: "off" },
    on(BATH.fan, "fan.turn_on"),
    { wait_for_trigger: [{ trigger: "numeric_state", entity_id: BATH.sensor, below: 60 }] },
    on(BATH.fan, "fan.turn_off"),
  ],
};
const VAC = { sensor: "binary_sensor.rooftop_terrace_motion_sensor", vacuum: "vacuum.vacuum_cleaner" };
const vacuumPause = {
  triggers: [{ trigger: "state", entity_id: VAC.sensor, to: "on" }],
  actions: [{ condition: "state", entity_id: VAC.vacuum, state: "cleaning" }, on(VAC.vacuum, "vacuum.pause")],
};
const VALVE = "valve.irrigation_system";
const irrigation = {
  triggers: [{ trigger: "time", at: "06:00:00" }],
  actions: [{ condition: "time", weekday: WEEKDAYS }, on(VALVE, "valve.open_valve")],
};

const steps = {
  lightOnDoor: [
    { set: PANTRY.door, state: "on", expect: { [PANTRY.light]: "on" } },
    { set: PANTRY.door, state: "off", expect: { [PANTRY.light]: "off" } },
  ],
  doorLeftOpen: [{ set: ENTRY.door, state: "on", expect: { [ENTRY.speaker]: "playing" } }],
  humidityFan: [
    { set: BATH.sensor, state: "75", expect: { [BATH.fan]: "on" } },
    { set: BATH.sensor, state: "55", expect: { [BATH.fan]: "off" } },
  ],
  vacuumPause: [{ set: VAC.sensor, state: "on", expect: { [VAC.vacuum]: "paused" } }],
  irrigation: [{ trigger: true, expect: { [VALVE]: "open" } }] as Step[],
};

export const RULE_SCENARIOS: RuleScenario[] = [
  {
    id: "light_on_door",
    language: "en",
    home: "light_on_door",
    words: "turn on the pantry light when the pantry door opens, and off when it closes or after 2 minutes",
    rule: lightOnDoor,
    said:
      "When Pantry Door turns on: turn on Pantry Light, then wait until Pantry Door turns off (≤ 0:02:00), " +
      "then turn off Pantry Light. Create it?",
    steps: steps.lightOnDoor,
  },
  {
    id: "light_on_door",
    language: "zh",
    home: "light_on_door",
    words: "储藏室门打开时打开储藏室灯，门关上或两分钟后关灯",
    rule: lightOnDoor,
    said: "当Pantry Door变为 on 时：打开Pantry Light，然后等到Pantry Door变为 off (≤ 0:02:00)，然后关闭Pantry Light。要创建这条规则吗？",
    steps: steps.lightOnDoor,
  },
  {
    id: "door_left_open",
    language: "en",
    home: "door_left_open",
    words: "if the entry door is left open for 2 seconds, play the smart speaker",
    rule: doorLeftOpen,
    said: "When Entry Door turns on for 0:00:02: play Smart Speaker. Create it?",
    steps: steps.doorLeftOpen,
  },
  {
    id: "door_left_open",
    language: "zh",
    home: "door_left_open",
    words: "入户门开着超过两秒就让智能音箱播放",
    rule: doorLeftOpen,
    said: "当Entry Door变为 on 时并持续 0:00:02：播放Smart Speaker。要创建这条规则吗？",
    steps: steps.doorLeftOpen,
  },
  {
    id: "humidity_fan",
    language: "en",
    home: "humidity_fan",
    words: "if the bathroom humidity is over 70 %, run the fan until it is under 60 %",
    rule: humidityFan,
    said:
      "When Bathroom Exhaust Fan Humidity rises above 70, only if Bathroom Exhaust Fan is off: turn on Bathroom " +
      "Exhaust Fan, then wait until Bathroom Exhaust Fan Humidity falls below 60, then turn off Bathroom Exhaust " +
      "Fan. Create it?",
    steps: steps.humidityFan,
  },
  {
    id: "humidity_fan",
    language: "zh",
    home: "humidity_fan",
    words: "浴室湿度超过百分之七十就开排风扇，降到百分之六十以下再关",
    rule: humidityFan,
    said:
      "当Bathroom Exhaust Fan Humidity高于 70 时，且仅当Bathroom Exhaust Fan为 off：打开Bathroom Exhaust Fan，" +
      "然后等到Bathroom Exhaust Fan Humidity低于 60，然后关闭Bathroom Exhaust Fan。要创建这条规则吗？",
    steps: steps.humidityFan,
  },
  {
    id: "vacuum_pause",
    language: "en",
    home: "vacuum_pause",
    words: "when the rooftop terrace motion sensor goes on while the vacuum is cleaning, pause the vacuum",
    rule: vacuumPause,
    said: "When Rooftop Terrace Motion Sensor turns on, only if Vacuum Cleaner is cleaning: pause Vacuum Cleaner. Create it?",
    before: [{ service: "vacuum.start", entityId: VAC.vacuum }],
    steps: steps.vacuumPause,
  },
  {
    id: "vacuum_pause",
    language: "zh",
    home: "vacuum_pause",
    words: "扫地机在打扫时如果屋顶露台的移动传感器触发，就暂停扫地机",
    rule: vacuumPause,
    said: "当Rooftop Terrace Motion Sensor变为 on 时，且仅当Vacuum Cleaner为 cleaning：暂停Vacuum Cleaner。要创建这条规则吗？",
    before: [{ service: "vacuum.start", entityId: VAC.vacuum }],
    steps: steps.vacuumPause,
  },
  {
    id: "irrigation_schedule",
    language: "en",
    home: "villa-bella-it",
    words: "every weekday at 6 open the irrigation system",
    rule: irrigation,
    said: "Every weekday at 06:00: open Irrigation System. Create it?",
    steps: steps.irrigation,
  },
  {
    id: "irrigation_schedule",
    language: "zh",
    home: "villa-bella-it",
    words: "每个工作日早上六点打开灌溉系统",
    rule: irrigation,
    said: "每个工作日 06:00：打开Irrigation System。要创建这条规则吗？",
    steps: steps.irrigation,
  },
];

/** The scenario's home, as the eval loads homes. */
export function ruleHome(name: string): EvalHome {
  const file =
    name === "villa-bella-it"
      ? join(HAD, "device-actions-v2-fixtures", name, "_fixtures.yaml")
      : join(HAD, "automations", name, "_fixtures.yaml");
  return readHome("home-assistant-datasets/automations", name, parse(readFileSync(file, "utf8")));
}

export interface RuleResult {
  id: string;
  language: string;
  /** The question the person heard. */
  said: string;
  /** Written, and every step ended in the expected states. */
  passed: boolean;
  /** Each step: what was done in HA, and the states HA then reported. */
  steps: string[];
  error?: string;
}

/** Cyrene's HA client on the loaded home (the eval's way: standalone URL and token). */
export async function connect(real: RealHa): Promise<HomeAssistant> {
  const { url, token } = real.endpoint;
  const ha = createHomeAssistant({ ha: { url, token, exposeAll: false } }, silentLogger());
  await whenReady(ha);
  return ha;
}

/**
 * One scenario on its loaded home: the rule written through home_rule, the steps fired in HA, the end
 * states read from HA; the rule is deleted afterwards.
 */
export async function runRuleScenario(real: RealHa, ha: HomeAssistant, s: RuleScenario): Promise<RuleResult> {
  await real.reset();
  const tool = homeRuleTool({
    ha,
    confirmations: new Confirmations(createHomeTime({ ha })),
    sensitiveDomains: [],
  });
  let turnNumber = 0;
  const call = (args: Record<string, unknown>) => {
    turnNumber++;
    const turn = testTurn({
      conversationId: `rules-${s.id}-${s.language}`,
      turnId: `t${turnNumber}`,
      turnNumber,
      // As an entry point sets it from the person's words.
      language: s.language,
    });
    return tool.execute(args, { signal: new AbortController().signal, logger: silentLogger(), turn });
  };
  const result: RuleResult = { id: s.id, language: s.language, said: "", passed: false, steps: [] };
  let ruleId: string | undefined;
  try {
    const asked = dataOf(await call({ action: "create", user_words: s.words, ...s.rule }));
    result.said = String(asked.would);
    const done = dataOf(await call({ confirmation_id: asked.confirmation_id }));
    ruleId = String(done.rule);
    const entityId = String(done.entity_id);
    for (const b of s.before ?? []) {
      const [domain, service] = b.service.split(".") as [string, string];
      await ha.callService({ domain, service, entityIds: [b.entityId] });
    }
    let passed = true;
    for (const step of s.steps) {
      if ("set" in step) await real.setState(step.set, step.state);
      else await ha.callService({ domain: "automation", service: "trigger", entityIds: [entityId] });
      const wanted = Object.entries(step.expect);
      const seen = await ha.waitForStates((st) => wanted.every(([id, v]) => st[id]?.state === v), 15_000);
      const states = await real.states();
      const shown = wanted.map(([id]) => `${id}=${states[id]?.state}`).join(", ");
      result.steps.push(`${"set" in step ? `${step.set}→${step.state}` : "automation.trigger"}: ${shown}`);
      passed &&= seen;
    }
    result.passed = passed;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (ruleId) await ha.automations!.remove(ruleId).catch(() => undefined);
  }
  return result;
}

function dataOf(result: ToolResult): Record<string, unknown> {
  if (!result.success) throw new Error(result.error);
  return result.data as Record<string, unknown>;
}

/** The results as the closing table: scenario, language, what the person heard, what HA did. */
export function ruleTable(results: RuleResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.id} | ${r.language} | ${r.said.replace(/\|/g, "\\|")} | ${r.steps.join("; ") || r.error} | ${r.passed ? "pass" : "FAIL"} |`,
  );
  return [
    "| scenario | lang | said before the yes | what HA did | result |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
