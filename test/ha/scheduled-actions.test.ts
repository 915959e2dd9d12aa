/**
 * Scheduled actions ("in 10 minutes turn off the lights", "明早七点打开窗帘") against a real Home Assistant:
 * set through reminder_create's `action` as the LLM would call it, changed in HA at their time and not
 * before, once across restarts, refused clearly when the device is gone or unexposed at run time, and
 * reported (not run) when missed by more than the grace window.
 */
import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import type { ToolResult } from "../../src/tools/contract.js";
import type { TurnContext } from "../../src/turn/context.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { describeHa, HA_FIXTURE } from "../fixtures/ha/use-ha.js";
import { HaSocket } from "../fixtures/ha/ws.js";
import { testTurn } from "../support/turn-context.js";
import { CyreneOnHa, JumpingClock } from "./support/cyrene-on-ha.js";
import { stopHa } from "./support/ha-down.js";
import { HaWatch } from "./support/ha-watch.js";
import { restCall, restState, whenReady } from "./support/real-ha.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ZONE = "Asia/Shanghai";
const POLL = { timeout: 60_000, interval: 200 };
const BED_LIGHT = HA_FIXTURE.offLight; // light.bed_light, "Bed Light", in the bedroom
const { lock } = HA_FIXTURE;

const inSeconds = (seconds: number, from = Date.now()) =>
  DateTime.fromMillis(from, { zone: ZONE }).plus({ seconds }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeHa("scheduled actions through a real Home Assistant", () => {
  let instance: HaInstance;
  let watch: HaWatch;
  const running: CyreneOnHa[] = [];

  beforeAll(async () => {
    instance = await startHomeAssistant();
    watch = await HaWatch.open(instance);
  }, 180_000);
  afterEach(async () => {
    for (const cyrene of running.splice(0)) await cyrene.close();
    await restCall(instance, "light", "turn_off", { entity_id: BED_LIGHT }).catch(() => undefined);
  });
  afterAll(async () => {
    watch?.close();
    await instance?.stop();
  });

  const start = async (clock?: JumpingClock) => {
    const cyrene = CyreneOnHa.start(instance, { clock });
    running.push(cyrene);
    await whenReady(cyrene.cyrene.ha);
    return cyrene;
  };
  /** A tool call in a turn of a conversation, as the loop makes it. */
  const call = (
    c: CyreneOnHa,
    name: string,
    args: Json,
    turn: Partial<TurnContext> = {},
  ): Promise<ToolResult> =>
    c.cyrene.registry.execute(
      { id: `call-${name}`, name, arguments: JSON.stringify(args) },
      {
        logger: silentLogger(),
        hardTimeoutMs: 30_000,
        turn: testTurn({
          conversationId: "reminders",
          time: { now: () => Date.now(), zone: () => ZONE },
          ...turn,
        }),
      },
    );
  const ok = async (result: Promise<ToolResult>): Promise<Json> => {
    const done = await result;
    if (!done.success) throw new Error(`expected success, got: ${done.error}`);
    return done.data;
  };
  const refused = async (result: Promise<ToolResult>): Promise<string> => {
    const done = await result;
    if (done.success) throw new Error(`expected a refusal, got: ${JSON.stringify(done.data)}`);
    return done.error;
  };
  const state = async (entityId: string) => (await restState(instance, entityId)).state;
  const bedLightCalls = () =>
    watch.callsTo("light", "turn_on", (d) => [d.entity_id].flat().includes(BED_LIGHT)).length;
  /** The newest occurrence of a reminder: its action's status and outcome. */
  const outcome = (c: CyreneOnHa, id: string) => c.cyrene.reminders.store.lastDelivery(id)?.occurrence.action;

  it(
    "turns the light on at its time and not before, says so plainly when set, and tells the outcome in HA and in the conversation",
    { timeout: 90_000 },
    async () => {
      const c = await start();
      const conversation = c.cyrene.conversations.create("api");
      c.cyrene.conversations.append(conversation.id, "turn-1", [
        { role: "user", content: "In a few seconds turn on the bed light" },
      ]);
      expect(await state(BED_LIGHT)).toBe("off");
      const before = bedLightCalls();
      const set = await ok(
        call(
          c,
          "reminder_create",
          { at: inSeconds(8), action: { service: "light.turn_on", target: "Bed Light" } },
          { conversationId: conversation.id, language: "en" },
        ),
      );
      expect(set.scheduled).toMatch(/^At \d\d:\d\d I'll turn on Bed Light\.$/);
      expect(set.created.action).toBe("turn on Bed Light (light.bed_light)");
      // Set, not done: nothing changed in HA.
      expect(await state(BED_LIGHT)).toBe("off");
      expect(bedLightCalls()).toBe(before);

      const { id } = set.created;
      await expect.poll(() => state(BED_LIGHT), POLL).toBe("on");
      await expect.poll(() => outcome(c, id)?.status, POLL).toBe("done");
      expect(bedLightCalls()).toBe(before + 1);
      const occurrence = c.cyrene.reminders.store.lastDelivery(id)!.occurrence;
      await expect
        .poll(() => watch.notification(`cyrene_reminder_${id}_${occurrence.id}`), POLL)
        .toMatchObject({ message: expect.stringMatching(/^Done as scheduled: turn on Bed Light/) });
      const said = c.cyrene.conversations.history(conversation.id, 10).at(-1);
      expect(said).toMatchObject({ role: "assistant", content: expect.stringMatching(/^Done as scheduled/) });
      const listed = await ok(call(c, "reminder_list", { include_past: true }));
      expect(listed.reminders.find((r: Json) => r.id === id)).toMatchObject({ status: "done" });
    },
  );

  it(
    "'at 9 AM' said at 08:00 changes nothing until 09:00, then acts a minute late, within the grace window (the home's clock moved by hand)",
    { timeout: 90_000 },
    async () => {
      const clock = new JumpingClock();
      const eight = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 8, minute: 0, second: 0 });
      clock.jump(eight.toMillis() - Date.now());
      const c = await start(clock);
      const before = bedLightCalls();
      const turn = { time: { now: () => clock.now(), zone: () => ZONE }, language: "en" };
      const set = await ok(
        call(
          c,
          "reminder_create",
          { at: "9 AM", action: { service: "light.turn_on", target: "bed light" } },
          turn,
        ),
      );
      expect(set.scheduled).toBe("At 09:00 I'll turn on Bed Light.");
      await sleep(1_500);
      expect(await state(BED_LIGHT)).toBe("off");
      expect(bedLightCalls()).toBe(before);

      // 09:00 comes (within the grace window: one minute late), Cyrene starts again and acts.
      clock.jump(61 * 60_000);
      await c.restart();
      await expect.poll(() => state(BED_LIGHT), POLL).toBe("on");
      expect(bedLightCalls()).toBe(before + 1);
    },
  );

  it(
    "runs once across a restart between setting and running, and never again after another",
    { timeout: 90_000 },
    async () => {
      const c = await start();
      const before = bedLightCalls();
      const set = await ok(
        call(c, "reminder_create", {
          at: inSeconds(6),
          action: { service: "light.turn_on", target: BED_LIGHT },
        }),
      );
      await c.restart();
      await expect.poll(() => outcome(c, set.created.id)?.status, POLL).toBe("done");
      await c.restart();
      await sleep(2_000);
      expect(bedLightCalls()).toBe(before + 1);
    },
  );

  it(
    "one missed by more than the grace window (two hours late) is reported and not run",
    { timeout: 90_000 },
    async () => {
      const clock = new JumpingClock();
      const c = await start(clock);
      const before = bedLightCalls();
      const late = await ok(
        call(
          c,
          "reminder_create",
          { at: inSeconds(30), action: { service: "light.turn_on", target: BED_LIGHT } },
          {
            time: { now: () => clock.now(), zone: () => ZONE },
          },
        ),
      );
      const id = late.created.id as string;
      // Cyrene is away for two hours.
      clock.jump(2 * 3_600_000);
      await c.restart();
      await expect.poll(() => outcome(c, id)?.status, POLL).toBe("skipped");
      expect(outcome(c, id)?.outcome).toMatch(/^Missed, so not done: turn on Bed Light/);
      await sleep(1_500);
      expect(bedLightCalls()).toBe(before);
      expect(await state(BED_LIGHT)).toBe("off");
    },
  );

  it(
    "reports one a crash cut off mid-run as unknown, and never runs it again",
    { timeout: 60_000 },
    async () => {
      const c = await start();
      const before = bedLightCalls();
      const set = await ok(
        call(c, "reminder_create", {
          at: inSeconds(60),
          action: { service: "light.turn_on", target: BED_LIGHT },
        }),
      );
      const { id } = set.created;
      const { store, scheduler } = c.cyrene.reminders;
      // As a kill -9 during the call leaves it: claimed "running", its outcome never written.
      scheduler.disarm(id);
      store.claim({
        reminderId: id,
        dueAt: store.get(id)!.nextAt!,
        nextAt: null,
        kind: "on_time",
        targets: [],
        now: Date.now(),
        action: { status: "running" },
      });
      await c.restart();
      await expect.poll(() => outcome(c, id)?.status, POLL).toBe("unknown");
      expect(outcome(c, id)?.outcome).toMatch(/may or may not have happened: turn on Bed Light/);
      await sleep(1_500);
      expect(bedLightCalls()).toBe(before);
    },
  );

  it(
    "fails clearly at run time when the device was renamed or unexposed, touching nothing else",
    { timeout: 120_000 },
    async () => {
      const socket = await HaSocket.connect(instance.wsUrl, instance.token);
      try {
        const c = await start();
        const lightsBefore = watch.calls.filter((x) => x.domain === "light").length;
        // Renamed: its entity id is another one now.
        const renamed = await ok(
          call(c, "reminder_create", {
            at: inSeconds(8),
            action: { service: "light.turn_on", target: BED_LIGHT },
          }),
        );
        await socket.call("config/entity_registry/update", {
          entity_id: BED_LIGHT,
          new_entity_id: "light.bed_light_renamed",
        });
        await expect.poll(() => outcome(c, renamed.created.id)?.status, POLL).toBe("failed");
        expect(outcome(c, renamed.created.id)?.outcome).toMatch(
          /light\.bed_light no longer exists in Home Assistant/,
        );
        await socket.call("config/entity_registry/update", {
          entity_id: "light.bed_light_renamed",
          new_entity_id: BED_LIGHT,
        });
        await expect
          .poll(async () => (await c.cyrene.ha.snapshot()).directory.get(BED_LIGHT)?.entityId, POLL)
          .toBe(BED_LIGHT);

        // Unexposed after it was set.
        const unexposed = await ok(
          call(c, "reminder_create", {
            at: inSeconds(8),
            action: { service: "light.turn_on", target: BED_LIGHT },
          }),
        );
        await socket.call("homeassistant/expose_entity", {
          assistants: ["conversation"],
          entity_ids: [BED_LIGHT],
          should_expose: false,
        });
        await expect.poll(() => outcome(c, unexposed.created.id)?.status, POLL).toBe("failed");
        expect(outcome(c, unexposed.created.id)?.outcome).toMatch(/no longer exposed to Assist/);
        expect(watch.calls.filter((x) => x.domain === "light").length).toBe(lightsBefore);
        expect(await state(BED_LIGHT)).toBe("off");
      } finally {
        await socket
          .call("homeassistant/expose_entity", {
            assistants: ["conversation"],
            entity_ids: [BED_LIGHT],
            should_expose: true,
          })
          .catch(() => undefined);
        socket.close();
      }
    },
  );

  it(
    "answers bad input clearly and sets nothing: a past time, an unknown device, a repeat; a lock needs a yes that names the time",
    { timeout: 90_000 },
    async () => {
      const c = await start();
      const count = () => c.cyrene.reminders.store.all().length;
      const before = count();
      const action = { service: "light.turn_on", target: BED_LIGHT };
      expect(await refused(call(c, "reminder_create", { at: inSeconds(-60), action }))).toMatch(
        /already past/,
      );
      expect(
        await refused(
          call(c, "reminder_create", {
            at: inSeconds(60),
            action: { service: "light.turn_on", target: "light.zebra_toaster" },
          }),
        ),
      ).toMatch(/Pass all: true only if the user asked/); // iot_control's rule: only the kind was understood
      expect(
        await refused(call(c, "reminder_create", { at: inSeconds(60), repeat: "daily", action })),
      ).toMatch(/home rule/);
      expect(count()).toBe(before);

      // Unlocking later: the question names the time; nothing is set until the yes, in the next message.
      const asked = await ok(
        call(
          c,
          "reminder_create",
          { at: inSeconds(8), action: { service: "lock.unlock", target: lock } },
          { language: "en" },
        ),
      );
      expect(asked.status).toBe("confirmation_required");
      expect(asked.would).toMatch(/^At \d\d:\d\d I'll unlock 入户门锁\.$/);
      expect(count()).toBe(before);
      const yes = await ok(
        call(
          c,
          "reminder_create",
          { confirmation_id: asked.confirmation_id },
          { turnId: "turn-2", turnNumber: 2 },
        ),
      );
      expect(yes.scheduled).toBe(asked.would);
      await expect.poll(() => state(lock), POLL).toBe("unlocked");
      await expect.poll(() => outcome(c, yes.created.id)?.status, POLL).toBe("done");
      await restCall(instance, "lock", "lock", { entity_id: lock });
    },
  );

  it("is listed and cancelled by words, and then does not run", { timeout: 60_000 }, async () => {
    const c = await start();
    const before = bedLightCalls();
    const set = await ok(
      call(
        c,
        "reminder_create",
        { message: "关床灯", at: inSeconds(6), action: { service: "light.turn_on", target: "床灯" } },
        { language: "zh" },
      ),
    );
    expect(set.scheduled).toMatch(/^\d\d:\d\d 我会打开 Bed Light。$/);
    const cancelled = await ok(call(c, "reminder_delete", { match: "床灯" }));
    expect(cancelled.reminder).toMatchObject({ id: set.created.id, status: "cancelled" });
    await sleep(8_000);
    expect(bedLightCalls()).toBe(before);
  });

  it("reads 'half an hour after sunset' from sun.sun's next_setting", { timeout: 60_000 }, async () => {
    const c = await start();
    const sun = await restState(instance, "sun.sun");
    const setting = Date.parse(String(sun.attributes.next_setting));
    const set = await ok(
      call(c, "reminder_create", {
        at: "half an hour after sunset",
        action: { service: "light.turn_on", target: BED_LIGHT },
      }),
    );
    const reminder = c.cyrene.reminders.store.get(set.created.id)!;
    expect(reminder.nextAt).toBe(Math.floor((setting + 30 * 60_000) / 1000) * 1000);
    const zh = await ok(
      call(c, "reminder_create", {
        at: "日落后半小时",
        action: { service: "light.turn_on", target: BED_LIGHT },
      }),
    );
    expect(c.cyrene.reminders.store.get(zh.created.id)!.nextAt).toBe(reminder.nextAt);
    await ok(call(c, "reminder_delete", { id: set.created.id }));
    await ok(call(c, "reminder_delete", { id: zh.created.id }));
  });

  it(
    "phrases in Chinese and English, as a model sends them: what was scheduled, and what HA did at that time",
    { timeout: 180_000 },
    async () => {
      // The home's clock ten hours before HA's next sunset (about 07:00 in Shanghai): every phrase is ahead.
      const sun = await restState(instance, "sun.sun");
      const clock = new JumpingClock();
      const base = DateTime.fromMillis(Date.parse(String(sun.attributes.next_setting)) - 10 * 3_600_000, {
        zone: ZONE,
      }).startOf("minute");
      clock.jump(base.toMillis() - Date.now());
      const c = await start(clock);
      const phrases: { said: string; args: Json; watch: string }[] = [
        {
          said: "In 10 minutes turn off the kitchen lights",
          args: { at: "in 10 minutes", action: { service: "light.turn_off", target: "kitchen lights" } },
          watch: "light.kitchen_lights",
        },
        {
          said: "At 9 turn on the bedroom lights",
          args: { at: "9:00", action: { service: "light.turn_on", target: "bedroom lights" } },
          watch: BED_LIGHT,
        },
        {
          said: "一小时后关空调",
          args: {
            message: "关空调",
            at: "一小时后",
            action: { service: "climate.turn_off", target: "空调" },
          },
          watch: "climate.hvac",
        },
        {
          said: "明早七点打开车库门",
          args: { at: "明早七点", action: { service: "cover.open_cover", target: "车库门" } },
          watch: HA_FIXTURE.garageDoor,
        },
        {
          said: "half an hour after sunset turn on the kitchen lights",
          args: {
            at: "half an hour after sunset",
            action: { service: "light.turn_on", target: "kitchen lights" },
          },
          watch: "light.kitchen_lights",
        },
        {
          said: "日落后半小时打开客厅灯",
          args: { at: "日落后半小时", action: { service: "light.turn_on", target: "客厅灯" } },
          watch: "light.living_room_lamp",
        },
      ];
      const callsOn = (entity: string) =>
        watch.calls.filter((x) => [x.service_data.entity_id].flat().includes(entity)).length;
      const rows: string[] = [];
      const set: { said: string; id?: string; watch: string; at?: number }[] = [];
      for (const { said, args, watch: entity } of phrases) {
        const language = /\p{Script=Han}/u.test(said) ? "zh" : "en";
        const turn = { time: { now: () => clock.now(), zone: () => ZONE }, language };
        let result = await call(c, "reminder_create", args, turn);
        let answer = result.success ? (result.data as Json) : undefined;
        if (answer?.status === "confirmation_required") {
          rows.push(`| ${said} | asked: ${answer.would} | yes |`);
          result = await call(
            c,
            "reminder_create",
            { confirmation_id: answer.confirmation_id },
            { ...turn, turnId: "turn-2", turnNumber: 2 },
          );
          answer = result.success ? (result.data as Json) : undefined;
        }
        const id = answer?.created?.id as string | undefined;
        set.push({ said, id, watch: entity, at: id ? c.cyrene.reminders.store.get(id)!.nextAt! : undefined });
        rows.push(`| ${said} | ${answer?.scheduled ?? (result.success ? "" : result.error)} | |`);
      }
      // Each comes: the clock moves to 20 s after its time, Cyrene starts again, and it runs.
      for (const entry of set.filter((e) => e.at !== undefined).sort((a, b) => a.at! - b.at!)) {
        const before = (await restState(instance, entry.watch)).state;
        const callsBefore = callsOn(entry.watch);
        const ranAlready = c.cyrene.reminders.store.lastDelivery(entry.id!) !== undefined;
        if (!ranAlready) {
          clock.jump(entry.at! + 20_000 - clock.now());
          await c.restart();
        }
        await expect
          .poll(() => c.cyrene.reminders.store.lastDelivery(entry.id!)?.occurrence.action?.status, POLL)
          .toMatch(/done|failed/);
        const occurrence = c.cyrene.reminders.store.lastDelivery(entry.id!)!.occurrence;
        // HA was asked to act on the device at that moment (its state may already have been the asked one).
        if (!ranAlready) await expect.poll(() => callsOn(entry.watch), POLL).toBeGreaterThan(callsBefore);
        const after = (await restState(instance, entry.watch)).state;
        const when = DateTime.fromMillis(occurrence.firedAt, { zone: ZONE }).toFormat("MM-dd HH:mm:ss");
        rows.push(
          `| ${entry.said} | ran ${when} | ${entry.watch}: ${before} → ${after} (${occurrence.action!.status}) |`,
        );
      }
      console.info(
        `scheduled actions, the home's clock from ${base.toFormat("yyyy-MM-dd HH:mm")}:\n${rows.join("\n")}`,
      );
      expect(set.every((e) => e.id)).toBe(true);
      for (const { id } of set)
        expect(c.cyrene.reminders.store.lastDelivery(id!)?.occurrence.action?.status).toBe("done");
    },
  );

  it(
    "says clearly that it was not done when Home Assistant is unreachable at its time",
    { timeout: 180_000 },
    async () => {
      const c = await start();
      const set = await ok(
        call(c, "reminder_create", {
          at: inSeconds(5),
          action: { service: "light.turn_on", target: BED_LIGHT },
        }),
      );
      await stopHa(instance);
      await expect.poll(() => outcome(c, set.created.id)?.status, POLL).toBe("failed");
      expect(outcome(c, set.created.id)?.outcome).toMatch(/Home Assistant is unreachable|unavailable/);
      await instance.restart();
      await whenReady(c.cyrene.ha, 90_000);
      expect(await state(BED_LIGHT)).toBe("off");
    },
  );
});
