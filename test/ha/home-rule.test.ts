import { afterAll, beforeAll, expect, it } from "vitest";
import type { HomeAssistant } from "../../src/ha/index.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { Confirmations } from "../../src/tools/confirmations.js";
import type { ToolResult } from "../../src/tools/contract.js";
import { homeRuleTool } from "../../src/tools/home/home-rule.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { HaSocket } from "../fixtures/ha/ws.js";
import { toolContext } from "../support/tool-context.js";
import { turnLanguage } from "../../src/words/turn-language.js";
import { connectHa, restCall, restState, whenReady } from "./support/real-ha.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"];

describeHa("home rules written as Home Assistant automations", (info) => {
  const { fixture } = info;
  let ha: HomeAssistant;
  let turn = 0;
  /** A call in the next turn of one conversation (a yes counts only in the turn after the question). */
  let call: (args: Json, conversationId?: string) => Promise<ToolResult>;
  const written: string[] = [];

  beforeAll(async () => {
    ha = connectHa(info);
    await whenReady(ha);
    const time = createHomeTime({ ha });
    const tool = homeRuleTool({ ha, confirmations: new Confirmations(time), sensitiveDomains: [] });
    let language = "en";
    call = (args, conversationId = "rules-1") => {
      turn++;
      // The turn's language as an entry point sets it: read from the person's words when they are given.
      if (typeof args.user_words === "string") language = turnLanguage(undefined, args.user_words);
      return tool.execute(
        args,
        toolContext({ conversationId, turnId: `turn-${turn}`, turnNumber: turn, language }),
      );
    };
  });
  afterAll(async () => {
    for (const id of written) await ha.automations!.remove(id).catch(() => undefined);
    await ha.close();
  });

  const data = (result: ToolResult): Json => {
    if (!result.success) throw new Error(`expected success, got: ${result.error}`);
    return result.data;
  };
  const error = (result: ToolResult): string => {
    if (result.success) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
    return result.error;
  };
  const stored = (id: string) => ha.automations!.get(id);
  const cyrenesAutomations = async () =>
    Object.values((await ha.snapshot()).states).filter(
      (s) => s.entity_id.startsWith("automation.") && String(s.attributes.id).startsWith("cyrene_rule_"),
    );
  /** Asks, then says yes in the next turn: the written rule's id and entity. */
  const createWithYes = async (args: Json) => {
    const asked = data(await call(args));
    expect(asked.status).toBe("confirmation_required");
    const done = data(await call({ confirmation_id: asked.confirmation_id }));
    written.push(done.rule);
    return { asked, done };
  };
  const waitForState = async (entityId: string, state: string) => {
    const seen = await ha.waitForStates((states) => states[entityId]?.state === state, 10_000);
    expect(seen, `${entityId} to become ${state}`).toBe(true);
  };

  it("says 'every weekday at 7' in plain words, writes nothing before the yes, then writes a real automation", async () => {
    const asked = data(
      await call({
        action: "create",
        user_words: "every weekday at 7 turn on the bed light",
        triggers: [{ trigger: "time", at: "07:00:00" }],
        actions: [
          { condition: "time", weekday: WEEKDAYS },
          { action: "light.turn_on", target: { entity_id: fixture.offLight } },
        ],
      }),
    );
    expect(asked.would).toBe("Every weekday at 07:00: turn on Bed Light. Create it?");
    expect(await cyrenesAutomations()).toHaveLength(0);

    const done = data(await call({ confirmation_id: asked.confirmation_id }));
    written.push(done.rule);
    expect(done.entity_id).toMatch(/^automation\./);
    const config = (await stored(done.rule))!;
    expect(config.description).toBe(
      "Made by Cyrene from the words: «every weekday at 7 turn on the bed light»",
    );
    expect(config.conditions).toEqual([{ condition: "time", weekday: WEEKDAYS }]);
    expect((await restState(info, done.entity_id)).state).toBe("on");
    const socket = await HaSocket.connect(info.wsUrl, info.token);
    try {
      const labels = await socket.call<{ label_id: string; name: string }[]>("config/label_registry/list");
      const entry = await socket.call<{ labels: string[] }>("config/entity_registry/get", {
        entity_id: done.entity_id,
      });
      const cyrene = labels.find((l) => l.name === "Cyrene");
      expect(entry.labels).toEqual([cyrene!.label_id]);
    } finally {
      socket.close();
    }
  });

  it("says the Chinese rule in Chinese: 每个工作日早上七点打开咖啡机", async () => {
    const asked = data(
      await call({
        action: "create",
        user_words: "每个工作日早上七点打开卧室台灯",
        triggers: [{ trigger: "time", at: "07:00" }],
        conditions: [{ condition: "time", weekday: WEEKDAYS }],
        actions: [{ action: "light.turn_on", target: { entity_id: "light.bedroom_lamp" } }],
      }),
    );
    expect(asked.would).toBe("每个工作日 07:00：打开卧室台灯。要创建这条规则吗？");
    const done = data(await call({ confirmation_id: asked.confirmation_id }));
    written.push(done.rule);
    expect((await stored(done.rule))!.description).toContain("每个工作日早上七点打开卧室台灯");
  });

  it("runs in HA when its trigger fires: the front door opens, the bed light goes on", async () => {
    await restCall(info, "input_boolean", "turn_off", { entity_id: fixture.door });
    await restCall(info, "light", "turn_off", { entity_id: fixture.offLight });
    const { asked } = await createWithYes({
      user_words: "when the front door opens, turn on the bed light",
      triggers: [{ trigger: "state", entity_id: fixture.door, to: "on" }],
      actions: [{ action: "light.turn_on", target: { entity_id: fixture.offLight } }],
    });
    expect(asked.would).toBe("When 前门 turns on: turn on Bed Light. Create it?");
    await waitForState(fixture.offLight, "off");
    await restCall(info, "input_boolean", "turn_on", { entity_id: fixture.door });
    await waitForState(fixture.offLight, "on");
    await restCall(info, "input_boolean", "turn_off", { entity_id: fixture.door });
  });

  it("says sunset with its offset, and 日落后 in Chinese", async () => {
    const en = data(
      await call({
        user_words: "when the front door opens after sunset, turn on the living room lamp",
        triggers: [{ trigger: "state", entity_id: fixture.door, to: "on" }],
        conditions: [{ condition: "sun", after: "sunset" }],
        actions: [{ action: "light.turn_on", target: { entity_id: "light.living_room_lamp" } }],
      }),
    );
    expect(en.would).toBe("When 前门 turns on, only if after sunset: turn on 客厅灯. Create it?");
    const zh = data(
      await call({
        user_words: "日落前半小时关上车库门",
        triggers: [{ trigger: "sun", event: "sunset", offset: "-00:30:00" }],
        actions: [{ action: "cover.close_cover", target: { entity_id: fixture.garageDoor } }],
      }),
    );
    expect(zh.would).toBe("日落前 30 分钟：关闭Garage Door。要创建这条规则吗？");
  });

  it("lists its rules beside HA's own, switches and deletes only its own", async () => {
    const { done } = await createWithYes({
      user_words: "every 5 minutes turn off the kitchen hood",
      triggers: [{ trigger: "time_pattern", minutes: "/5" }],
      actions: [{ action: "switch.turn_off", target: { entity_id: "switch.kitchen_hood" } }],
    });
    const listed = data(await call({ action: "list" }));
    const mine = listed.rules.find((r: Json) => r.rule === done.rule);
    expect(mine).toMatchObject({ made_by_cyrene: true, on: true });
    expect(listed.rules.find((r: Json) => r.rule === "cyrene_think_test")).toMatchObject({
      made_by_cyrene: false,
    });

    const explained = data(await call({ action: "list", rule: done.rule }));
    expect(explained.says).toBe("Every 5 minutes: turn off 抽油烟机");

    expect(data(await call({ action: "off", rule: done.rule })).done).toMatch(/switched the rule .* off/);
    await waitForState(done.entity_id, "off");
    expect(data(await call({ action: "on", rule: done.rule })).done).toMatch(/ on$/);
    await waitForState(done.entity_id, "on");

    expect(error(await call({ action: "off", rule: "cyrene_think_test" }))).toMatch(/was not made by Cyrene/);
    expect(error(await call({ action: "delete", rule: "Cyrene think test" }))).toMatch(
      /was not made by Cyrene/,
    );
    expect(
      error(
        await call({
          action: "change",
          rule: "cyrene_think_test",
          user_words: "x",
          triggers: [{}],
          actions: [{}],
        }),
      ),
    ).toMatch(/was not made by Cyrene/);

    const changed = data(
      await call({
        action: "change",
        rule: done.rule,
        user_words: "every 10 minutes turn off the kitchen hood",
        triggers: [{ trigger: "time_pattern", minutes: "/10" }],
        actions: [{ action: "switch.turn_off", target: { entity_id: "switch.kitchen_hood" } }],
      }),
    );
    expect(changed.would).toBe("Every 10 minutes: turn off 抽油烟机. Change the rule to this?");
    data(await call({ confirmation_id: changed.confirmation_id }));
    expect((await stored(done.rule))!.triggers).toEqual([{ trigger: "time_pattern", minutes: "/10" }]);

    expect(data(await call({ action: "delete", rule: done.rule })).done).toMatch(/deleted/);
    expect(await stored(done.rule)).toBeUndefined();
    expect(await ha.waitForStates((states) => !states[done.entity_id], 10_000)).toBe(true);
  });

  it("refuses 'every 0 minutes', an unknown trigger entity and an unexposed device, writing nothing", async () => {
    const before = (await cyrenesAutomations()).length;
    const action = [{ action: "switch.turn_on", target: { entity_id: "switch.kitchen_hood" } }];
    expect(
      error(
        await call({
          user_words: "every 0 minutes",
          triggers: [{ trigger: "time_pattern", minutes: "/0" }],
          actions: action,
        }),
      ),
    ).toMatch(/"every 0 minutes" never comes round.*Nothing was written/);
    expect(
      error(
        await call({
          user_words: "when the cellar door opens",
          triggers: [{ trigger: "state", entity_id: "binary_sensor.cellar_door", to: "on" }],
          actions: action,
        }),
      ),
    ).toMatch(/no entity binary_sensor\.cellar_door\. Nothing was written/);
    expect(
      error(
        await call({
          user_words: "at 8 turn on the decorative lights",
          triggers: [{ trigger: "time", at: "08:00" }],
          actions: [{ action: "switch.turn_on", target: { entity_id: fixture.notExposed } }],
        }),
      ),
    ).toMatch(/not exposed to Assist/);
    expect(
      error(
        await call({
          user_words: "at 8 turn on the living room",
          triggers: [{ trigger: "time", at: "08:00" }],
          actions: [{ action: "light.turn_on", target: { area_id: "living_room" } }],
        }),
      ),
    ).toMatch(/by entity_id.*not by area/);
    expect(await cyrenesAutomations()).toHaveLength(before);
  });

  it("asks before a rule that unlocks, naming the unlock; without the yes nothing is written", async () => {
    const before = (await cyrenesAutomations()).length;
    const asked = data(
      await call({
        user_words: "when the front door opens unlock the door lock",
        triggers: [{ trigger: "state", entity_id: fixture.door, to: "on" }],
        actions: [{ action: "lock.unlock", target: { entity_id: fixture.lock } }],
      }),
    );
    expect(asked.would).toBe(
      "When 前门 turns on: unlock 入户门锁. Create it? " +
        "Note: every time it runs, this rule will unlock 入户门锁 (lock.front_door_lock).",
    );
    const zh = data(
      await call({
        user_words: "前门打开时解锁门锁",
        triggers: [{ trigger: "state", entity_id: fixture.door, to: "on" }],
        actions: [{ action: "lock.unlock", target: { entity_id: fixture.lock } }],
      }),
    );
    expect(zh.would).toBe(
      "当前门变为 on 时：解锁入户门锁。要创建这条规则吗？ 注意：这条规则每次运行都会解锁入户门锁 (lock.front_door_lock)。",
    );
    // The person said something else: the question lapses, nothing is written.
    expect(error(await call({ action: "list", rule: "nothing by this name" }))).toMatch(/No single rule/);
    expect(error(await call({ confirmation_id: asked.confirmation_id }))).toMatch(
      /lapsed|unknown or expired/,
    );
    expect(await cyrenesAutomations()).toHaveLength(before);
  });

  it("gives HA's refusal back once to fix, and the second time says to stop; nothing is written", async () => {
    const before = (await cyrenesAutomations()).length;
    const bad = {
      user_words: "when the bed light has been on for a while turn it off",
      triggers: [{ trigger: "state", entity_id: fixture.offLight, to: "on", for: "a while" }],
      actions: [{ action: "light.turn_off", target: { entity_id: fixture.offLight } }],
    };
    const first = error(await call(bad, "rules-refused"));
    expect(first).toMatch(
      /^Home Assistant refused the rule: triggers: .*Nothing was written\. Fix the pieces/,
    );
    const second = error(await call(bad, "rules-refused"));
    expect(second).toMatch(/refused the rule again: .*Do not try again: tell the user/);
    expect(await cyrenesAutomations()).toHaveLength(before);
  });
});
