import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import type { ToolResult } from "../../src/tools/contract.js";
import { allowAllTools } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { HaWatch } from "./support/ha-watch.js";
import { restCall, restState, whenReady } from "./support/real-ha.js";
import { testTurn } from "../support/turn-context.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ZONE = "Asia/Shanghai";
/** A short snooze, so that "it comes again" is seen without a ten-minute wait. */
const SNOOZE_MINUTES = "0.05";
/** The shared HA is restarted once by test/ha/harness.test.ts: a test cut by that is retried. */
const SHARED = { retry: 2, timeout: 90_000 };
const POLL = { timeout: 45_000, interval: 200 };

/** A local wall-clock time `seconds` from now, as the LLM would send it. */
const inSeconds = (seconds: number) =>
  DateTime.now().setZone(ZONE).plus({ seconds }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
/** The notice ids of a reminder's occurrences all start so. */
const prefix = (id: string) => `cyrene_reminder_${id}_`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeHa("reminders delivered through a real Home Assistant", (info) => {
  const { fixture } = info;
  let h: Harness;
  let watch: HaWatch;

  beforeAll(async () => {
    h = await startHarness({
      env: {
        CYRENE_HA_URL: info.url,
        CYRENE_HA_TOKEN: info.token,
        CYRENE_REMINDER_SNOOZE_MINUTES: SNOOZE_MINUTES,
      },
    });
    watch = await HaWatch.open(info);
  });
  afterAll(async () => {
    watch?.close();
    await h?.close();
  });
  beforeEach(async () => {
    h.llm.reset();
    await whenReady(h.cyrene.ha, 90_000);
  });
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  const store = () => h.cyrene.reminders.store;
  /** The notice id (notification_id, phone tag) of the reminder's newest occurrence. */
  const key = (id: string) => `${prefix(id)}${store().lastDelivery(id)?.occurrence.id ?? "none"}`;
  /** persistent_notification.create calls for any occurrence of the reminder. */
  const createdFor = (id: string) =>
    watch.callsTo("persistent_notification", "create", (d) =>
      String(d.notification_id).startsWith(prefix(id)),
    );
  /** Pushes to the phone for any occurrence of the reminder. */
  const pushesFor = (id: string) =>
    watch.callsTo("notify", "mobile_app_test_phone", (d) => String(d.data?.tag).startsWith(prefix(id)));
  const tool = (name: string, args: Json): Promise<ToolResult> =>
    h.cyrene.registry.execute(
      { id: `call-${name}`, name, arguments: JSON.stringify(args) },
      {
        logger: silentLogger(),
        hardTimeoutMs: 30_000,
        turn: testTurn({ policy: allowAllTools, conversationId: "reminders" }),
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
  /** Every delivery of the reminder's newest occurrence, by target. */
  const outcome = (id: string) =>
    Object.fromEntries(
      (store().lastDelivery(id)?.deliveries ?? []).map((d) => [d.target, d.status] as const),
    );
  const setState = async (entityId: string, service: string, data: Json = {}) => {
    await restCall(info, entityId.split(".")[0]!, service, { entity_id: entityId, ...data });
  };

  it(
    "delivers a reminder a few seconds out as a persistent notification keyed by its occurrence, and to a phone with Done and Snooze buttons",
    SHARED,
    async () => {
      const message = "Take the laundry out";
      const { created } = await ok(
        tool("reminder_create", { message, at: inSeconds(6), targets: [fixture.phone, "notify.notifier"] }),
      );
      expect(created.targets).toEqual(["persistent_notification", fixture.phone, "notify.notifier"]);
      const { id } = created;

      await expect
        .poll(() => watch.notification(key(id)), POLL)
        .toMatchObject({ title: "Cyrene reminder", message });

      // The phone (a legacy notify service, as notify.mobile_app_<device> is) got the buttons.
      await expect.poll(() => watch.callsTo("notify", "mobile_app_test_phone").length, POLL).toBe(1);
      const [phone] = watch.callsTo("notify", "mobile_app_test_phone");
      expect(phone!.service_data).toEqual({
        title: "Cyrene reminder",
        message,
        data: {
          tag: key(id),
          alert_once: true,
          actions: [
            { action: `CYRENE_REMINDER_DONE:${id}`, title: "Done" },
            { action: `CYRENE_REMINDER_SNOOZE:${id}`, title: "Snooze 3 s" },
          ],
        },
      });
      // ...and passed it on to its "screen".
      await expect.poll(() => watch.notification(fixture.phoneScreen), POLL).toMatchObject({ message });

      // A notify entity takes no data: notify.send_message.
      await expect
        .poll(() => watch.callsTo("notify", "send_message", (d) => d.message === message), POLL)
        .toEqual([
          expect.objectContaining({
            service_data: expect.objectContaining({
              title: "Cyrene reminder",
              message,
              entity_id: ["notify.notifier"],
            }),
          }),
        ]);

      await expect
        .poll(() => outcome(id), POLL)
        .toEqual({
          persistent_notification: "sent",
          [fixture.phone]: "sent",
          "notify.notifier": "sent",
        });
      expect(createdFor(id)).toHaveLength(1);
      const listed = await ok(tool("reminder_list", { query: "laundry", include_past: true }));
      expect(listed.reminders).toEqual([
        expect.objectContaining({
          id,
          status: "done",
          last: expect.objectContaining({
            deliveries: {
              persistent_notification: "sent",
              [fixture.phone]: "sent",
              "notify.notifier": "sent",
            },
          }),
        }),
      ]);
    },
  );

  it(
    "snoozes from the phone's Snooze button (it comes again), and Done clears the notification",
    SHARED,
    async () => {
      const { created } = await ok(
        tool("reminder_create", { message: "收衣服", at: inSeconds(5), targets: [fixture.phone] }),
      );
      const { id } = created;
      await expect
        .poll(() => outcome(id), POLL)
        .toEqual({ persistent_notification: "sent", [fixture.phone]: "sent" });
      const [phone] = pushesFor(id);
      const first = key(id);
      expect(phone!.service_data.data.actions).toEqual([
        { action: `CYRENE_REMINDER_DONE:${id}`, title: "完成" },
        { action: `CYRENE_REMINDER_SNOOZE:${id}`, title: "3 秒后再提醒" },
      ]);
      expect(store().get(id)).toMatchObject({ status: "done", fired: 1 });

      // The mobile app fires this event when the button is pressed.
      await watch.fireEvent("mobile_app_notification_action", {
        action: phone!.service_data.data.actions[1].action,
      });
      await expect
        .poll(() => store().get(id), POLL)
        .toMatchObject({ status: "done", fired: 2, snoozedUntil: null });
      expect(store().lastDelivery(id)!.occurrence.kind).toBe("snoozed");
      // The snoozed occurrence is a notice of its own, which takes the first one's place.
      await expect.poll(() => createdFor(id).length, POLL).toBe(2);
      await expect
        .poll(() => pushesFor(id).map((p) => p.service_data.data.tag), POLL)
        .toEqual([first, key(id)]);
      expect(key(id)).not.toBe(first);
      expect(await watch.notification(key(id))).toMatchObject({ message: "收衣服" });
      await expect.poll(() => watch.notification(first), POLL).toBeUndefined();

      await watch.fireEvent("mobile_app_notification_action", { action: `CYRENE_REMINDER_DONE:${id}` });
      await expect.poll(() => watch.notification(key(id)), POLL).toBeUndefined();
      expect(
        watch.callsTo("persistent_notification", "dismiss", (d) => d.notification_id === key(id)),
      ).toHaveLength(1);

      // A button of a deleted reminder's old notification is harmless.
      const gone = await ok(tool("reminder_create", { message: "old one", at: inSeconds(3600) }));
      await ok(tool("reminder_delete", { id: gone.created.id }));
      await watch.fireEvent("mobile_app_notification_action", {
        action: `CYRENE_REMINDER_SNOOZE:${gone.created.id}`,
      });
      await watch.fireEvent("mobile_app_notification_action", { action: `CYRENE_REMINDER_DONE:${id}` });
      await expect
        .poll(
          () =>
            watch.callsTo("persistent_notification", "dismiss", (d) => d.notification_id === key(id)).length,
          POLL,
        )
        .toBe(2); // Cyrene is still listening after the refused snooze
      expect(store().get(gone.created.id)).toMatchObject({ status: "cancelled", snoozedUntil: null });
    },
  );

  it("fires a trigger reminder each time the front door opens (an input_boolean flips)", SHARED, async () => {
    await setState(fixture.door, "turn_off");
    await expect.poll(async () => (await restState(info, fixture.door)).state, POLL).toBe("off");

    const answer = await ok(
      tool("reminder_create", { message: "前门开了", entity: "前门", to: "on", every_time: true }),
    );
    // HA's trigger engine has it when the tool answers (no "not confirmed yet" note).
    expect(answer).toEqual({
      created: expect.objectContaining({
        message: "前门开了",
        when: `前门 (${fixture.door}) to on`,
        every_time: true,
      }),
    });
    const { id } = answer.created;
    expect(createdFor(id)).toHaveLength(0);

    await setState(fixture.door, "turn_on");
    await expect.poll(() => store().get(id)?.fired, POLL).toBe(1);
    await expect.poll(() => watch.notification(key(id)), POLL).toMatchObject({ message: "前门开了" });
    expect(store().lastDelivery(id)!.occurrence.kind).toBe("trigger");

    await setState(fixture.door, "turn_off");
    await setState(fixture.door, "turn_on");
    await expect.poll(() => store().get(id)?.fired, POLL).toBe(2);
    await expect.poll(() => createdFor(id).length, POLL).toBe(2);
    expect(store().get(id)!.status).toBe("active");

    const deleted = await ok(tool("reminder_delete", { match: "前门开了" }));
    expect(deleted).toMatchObject({ cancelled: "the whole reminder", reminder: { id, status: "cancelled" } });
    await setState(fixture.door, "turn_off");
  });

  it(
    "fires a numeric_state reminder only once the washer's power has stayed below the threshold for its `for`",
    SHARED,
    async () => {
      const power = fixture.washerPower;
      const setPower = (value: number) => setState(power, "set_value", { value });
      await setPower(800);
      await expect.poll(async () => Number((await restState(info, power)).state), POLL).toBe(800);

      const { created } = await ok(
        tool("reminder_create", {
          message: "Washing is done: hang it up",
          entity: "washing machine power",
          below: 5,
          for_minutes: 0.05,
        }),
      );
      expect(created).toMatchObject({
        when: `洗衣机功率 (${power}) below 5 for 0.05 min`,
        every_time: false,
      });
      const { id } = created;

      // A dip shorter than the `for` does not count...
      await setPower(2);
      await setPower(600);
      await sleep(6_000); // twice the `for`
      expect(store().get(id)!.fired).toBe(0);

      // ...staying under it does, once.
      const dipped = Date.now();
      await setPower(2);
      await expect.poll(() => store().get(id)?.status, POLL).toBe("done");
      const last = store().lastDelivery(id)!;
      expect(last.occurrence.kind).toBe("trigger");
      // Never before HA's `for` (3 s) has passed since the power dropped.
      expect(last.occurrence.firedAt - dipped).toBeGreaterThanOrEqual(2_900);
      await expect
        .poll(() => watch.notification(key(id)), POLL)
        .toMatchObject({ message: "Washing is done: hang it up" });

      // Done: the next cycle does not remind again.
      await setPower(900);
      await setPower(1);
      await sleep(5_000);
      expect(store().get(id)!.fired).toBe(1);
      expect(createdFor(id)).toHaveLength(1);
    },
  );

  it("refuses bad input with errors that say what to send instead, and sets nothing", SHARED, async () => {
    const before = store().all().length;
    expect(await refused(tool("reminder_create", { message: "x", at: "2020-01-01T08:00" }))).toMatch(
      /^2020-01-01 08:00 \(Asia\/Shanghai\) is already past; it is \d{4}-.* now\. Send a future time/,
    );
    expect(await refused(tool("reminder_create", { message: "x", at: "2027-02-30T08:00" }))).toMatch(
      /^Invalid date\/time "2027-02-30T08:00" \(无效日期\)/,
    );
    expect(
      await refused(tool("reminder_create", { message: "x", at: "明天早上8点", repeat: "every full moon" })),
    ).toMatch(
      /^Unknown recurrence "every full moon".*Send "daily", "weekdays", "weekly on MO,FR", "monthly", "yearly", or an RRULE/,
    );
    expect(
      await refused(tool("reminder_create", { message: "x", at: "明天早上8点", repeat: "FREQ=HOURLY" })),
    ).toMatch(/at most daily/);
    expect(
      await refused(
        tool("reminder_create", { message: "x", at: "明天早上8点", repeat: "FREQ=DAILY;UNTIL=20200101" }),
      ),
    ).toMatch(/ends before its first time/);
    expect(await refused(tool("reminder_create", { message: " ", at: "明天早上8点" }))).toMatch(
      /needs a message/,
    );
    expect(await refused(tool("reminder_create", { message: "x" }))).toMatch(/needs `at`.*or `when`/);

    // An unknown target: the real ones, as HA has them.
    const unknown = await refused(
      tool("reminder_create", { message: "x", at: "明天早上8点", targets: ["notify.mobile_app_nokia"] }),
    );
    expect(unknown).toMatch(/^Unknown target notify\.mobile_app_nokia\. Notify targets: /);
    const [, notify, speakers] = /Notify targets: (.*)\. Speakers: (.*)\.$/.exec(unknown)!;
    expect(notify!.split(", ")).toEqual(expect.arrayContaining([fixture.phone, "notify.notifier"]));
    expect(notify).not.toMatch(/send_message|persistent_notification/);
    expect(speakers!.split(", ")).toEqual(
      expect.arrayContaining(["media_player.kitchen", "media_player.bedroom"]),
    );
    expect(
      await refused(
        tool("reminder_create", { message: "x", at: "明天早上8点", targets: ["media_player.garage"] }),
      ),
    ).toMatch(/^Unknown target media_player\.garage\. .*Speakers: .*media_player\.kitchen/);

    // Triggers: an entity HA does not have, one not exposed to Assist, no condition, a `for` out of range.
    expect(await refused(tool("reminder_create", { message: "x", entity: "the moon", to: "on" }))).toMatch(
      /^No entity matches "the moon"( \(nearest names: .+\))?\. Ask iot_query for it first\.$/,
    );
    expect(
      await refused(tool("reminder_create", { message: "x", entity: fixture.notExposed, to: "on" })),
    ).toBe(
      `Decorative Lights (${fixture.notExposed}) is not exposed to Assist in Home Assistant, so no reminder can watch it.`,
    );
    expect(await refused(tool("reminder_create", { message: "x", entity: fixture.door }))).toMatch(
      /Say what should happen: `to` a state/,
    );
    expect(
      await refused(
        tool("reminder_create", { message: "x", entity: fixture.door, to: "on", for_minutes: -1 }),
      ),
    ).toMatch(/for_minutes must be between 0 and 1440/);

    // The HTTP API checks the same way.
    const res = await fetch(`${h.url}/api/reminders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "x", at: "明天早上8点", notify: ["mobile_app_nokia"] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.message).toMatch(
      new RegExp(
        `^Unknown target mobile_app_nokia\\. Notify targets: .*${fixture.phone.replace(".", "\\.")}`,
      ),
    );
    expect(store().all()).toHaveLength(before);
  });

  it(
    "sets 20分钟后提醒我关火 from a scripted LLM's tool call at twenty minutes from now",
    SHARED,
    async () => {
      const toolResults = (request: RecordedRequest) =>
        request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
      h.llm.script(
        { toolCalls: [{ name: "reminder_create", arguments: { message: "关火", at: "20分钟后" } }] },
        (request) => {
          const [result] = toolResults(request);
          return {
            text: result.success
              ? `好的，${result.data.created.next} 提醒你关火。`
              : `没设上：${result.error}`,
          };
        },
      );
      const before = Date.now();
      const turn = await h.cyrene.assistant.turn(
        { message: "20分钟后提醒我关火", source: "test", policy: allowAllTools },
        () => {},
      );
      const after = Date.now();
      const reminder = store()
        .all()
        .find((r) => r.conversationId === turn.conversationId);
      expect(reminder).toMatchObject({
        message: "关火",
        status: "active",
        schedule: { kind: "time", zone: ZONE },
      });
      // Twenty minutes from when the tool ran, to the second (the stored time drops the milliseconds).
      expect(reminder!.nextAt).toBeGreaterThanOrEqual(before + 20 * 60_000 - 1_000);
      expect(reminder!.nextAt).toBeLessThanOrEqual(after + 20 * 60_000);
      const local = DateTime.fromMillis(reminder!.nextAt!, { zone: ZONE });
      expect(reminder!.schedule).toEqual({
        kind: "time",
        zone: ZONE,
        start: local.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      });
      expect(turn.text).toBe(`好的，${local.toFormat("yyyy-MM-dd HH:mm ccc")} 提醒你关火。`);
      await ok(tool("reminder_delete", { id: reminder!.id }));
    },
  );

  it(
    "sets a German turn's 'jeden Werktag um halb acht' as a workday reminder at 07:30 (issue 32)",
    SHARED,
    async () => {
      const toolResults = (request: RecordedRequest) =>
        request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
      h.llm.script(
        {
          toolCalls: [
            {
              name: "reminder_create",
              arguments: { message: "Müll rausbringen", at: "jeden Werktag um halb acht" },
            },
          ],
        },
        (request) => {
          const [result] = toolResults(request);
          return { text: result.success ? "Mache ich." : `Nicht gesetzt: ${result.error}` };
        },
      );
      const turn = await h.cyrene.assistant.turn(
        {
          message: "Erinnere mich jeden Werktag um halb acht, den Müll rauszubringen",
          source: "test",
          policy: allowAllTools,
          language: "de",
        },
        () => {},
      );
      expect(turn.text).toBe("Mache ich.");
      const reminder = store()
        .all()
        .find((r) => r.conversationId === turn.conversationId);
      expect(reminder).toMatchObject({
        message: "Müll rausbringen",
        status: "active",
        schedule: { kind: "time", zone: ZONE, rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" },
      });
      const next = DateTime.fromMillis(reminder!.nextAt!, { zone: ZONE });
      expect(next.toFormat("HH:mm")).toBe("07:30");
      expect(next.weekday).toBeLessThanOrEqual(5);
      expect(next.toMillis()).toBeGreaterThan(Date.now());
      await ok(tool("reminder_delete", { id: reminder!.id }));
    },
  );
});
