import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { ToolResult } from "../../src/tools/contract.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { describeHa, HA_FIXTURE } from "../fixtures/ha/use-ha.js";
import { CyreneOnHa, JumpingClock } from "./support/cyrene-on-ha.js";
import { stopHa } from "./support/ha-down.js";
import { HaWatch } from "./support/ha-watch.js";
import { connectHa, restCall, restState, whenReady } from "./support/real-ha.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ZONE = "Asia/Shanghai";
const POLL = { timeout: 60_000, interval: 200 };
const { phone, door } = HA_FIXTURE;

const inSeconds = (seconds: number) =>
  DateTime.now().setZone(ZONE).plus({ seconds }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = async (result: Promise<ToolResult>): Promise<Json> => {
  const done = await result;
  if (!done.success) throw new Error(`expected success, got: ${done.error}`);
  return done.data;
};

// A private HA instance: these tests stop it while reminders fall due, which would cut every other
// test file's connection to the shared one.
describeHa("reminders across restarts of Cyrene and of Home Assistant", () => {
  let instance: HaInstance;
  let watch: HaWatch;
  const running: CyreneOnHa[] = [];

  beforeAll(async () => {
    instance = await startHomeAssistant();
    watch = await HaWatch.open(instance);
  }, 180_000);
  afterEach(async () => {
    for (const cyrene of running.splice(0)) await cyrene.close();
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
  /** The notice id (notification_id, phone tag) of the reminder's newest occurrence. */
  const key = (c: CyreneOnHa, id: string) =>
    `cyrene_reminder_${id}_${c.cyrene.reminders.store.lastDelivery(id)?.occurrence.id ?? "none"}`;
  /** Every delivery of the reminder's newest occurrence. */
  const deliveries = (c: CyreneOnHa, id: string) => c.cyrene.reminders.store.lastDelivery(id)?.deliveries;
  /** Stops the private HA and waits until each client has seen it go; `instance.restart()` brings it back. */
  const stopHaFor = async (...clients: { status(): { state: string } }[]) => {
    await stopHa(instance);
    for (const ha of clients) {
      await expect.poll(() => ha.status().state, { timeout: 30_000, interval: 20 }).toBe("unavailable");
    }
  };

  it(
    "delivers exactly once across a Cyrene restart between creating and firing, and not again after another",
    { timeout: 120_000 },
    async () => {
      const c = await start();
      const { created } = await ok(
        c.tool("reminder_create", { message: "Call mum", at: inSeconds(8), targets: [phone] }),
      );
      const { id } = created;
      await c.restart();

      await expect
        .poll(() => watch.notification(key(c, id)), POLL)
        .toMatchObject({ title: "Cyrene reminder", message: "Call mum" });
      await expect
        .poll(() => deliveries(c, id)?.map((d) => [d.target, d.status, d.attempts]), POLL)
        .toEqual([
          ["persistent_notification", "sent", 1],
          [phone, "sent", 1],
        ]);

      await c.restart();
      await whenReady(c.cyrene.ha);
      await c.cyrene.reminders.deliveries.settle();
      await sleep(2_000);
      expect(watch.created(key(c, id))).toHaveLength(1);
      expect(
        watch.callsTo("notify", "mobile_app_test_phone", (d) => d.data?.tag === key(c, id)),
      ).toHaveLength(1);
      expect(c.cyrene.reminders.store.get(id)).toMatchObject({ status: "done", fired: 1 });
    },
  );

  it(
    "delivers a reminder that fell due while HA was stopped once HA is back, marked late, across a Cyrene restart meanwhile",
    { timeout: 180_000 },
    async () => {
      const clock = new JumpingClock();
      const c = await start(clock);
      await stopHaFor(c.cyrene.ha);

      // HA is away: the reminder is taken (the targets are checked later), and falls due.
      const answer = await ok(
        c.tool("reminder_create", { message: "收衣服", at: inSeconds(2), targets: [phone] }),
      );
      expect(answer.notes).toEqual([
        "Home Assistant is unavailable, so the targets could not be checked now.",
      ]);
      const { id } = answer.created;
      await expect
        .poll(() => deliveries(c, id)?.map((d) => [d.target, d.status, d.attempts, d.lastError]), POLL)
        .toEqual([
          ["persistent_notification", "pending", 0, expect.stringMatching(/^Home Assistant is unavailable/)],
          [phone, "pending", 0, expect.stringMatching(/^Home Assistant is unavailable/)],
        ]);
      const dueAt = c.cyrene.reminders.store.lastDelivery(id)!.occurrence.dueAt;
      // HA stays away for five minutes (the clock is moved on instead of waiting), and Cyrene restarts
      // between firing the reminder and delivering it.
      clock.jump(5 * 60_000);
      await c.restart();
      await instance.restart();
      await whenReady(c.cyrene.ha, 90_000);

      const late = `收衣服（原定 ${DateTime.fromMillis(dueAt, { zone: ZONE }).toFormat("HH:mm")}，迟到了）`;
      // Persistent notifications live in HA's memory: this one was made after HA came back.
      await expect.poll(() => watch.notification(key(c, id)), POLL).toMatchObject({ message: late });
      await expect
        .poll(() => deliveries(c, id)?.map((d) => [d.target, d.status, d.attempts]), POLL)
        .toEqual([
          ["persistent_notification", "sent", 1],
          [phone, "sent", 1],
        ]);
      await expect
        .poll(() => watch.notification(HA_FIXTURE.phoneScreen), POLL)
        .toMatchObject({ message: late });
      expect(c.cyrene.reminders.store.get(id)).toMatchObject({ status: "done", fired: 1 });
    },
  );

  it(
    "watches HA triggers again after HA restarts: a reminder changed while HA was away, and a trigger asked for then",
    { timeout: 180_000 },
    async () => {
      await restCall(instance, "input_boolean", "turn_off", { entity_id: door });
      await expect.poll(async () => (await restState(instance, door)).state, POLL).toBe("off");
      const c = await start();
      const { created } = await ok(
        c.tool("reminder_create", { message: "门开了", entity: door, to: "on", every_time: true }),
      );
      const { id } = created;
      const ha = connectHa(instance);
      try {
        await whenReady(ha);
        await stopHaFor(c.cyrene.ha, ha);

        // While HA is away: the reminder's text is changed (as PATCH /api/reminders does), and a new
        // trigger subscription is asked for.
        await c.cyrene.reminders.service.update(id, { message: "门还开着" });
        let fired = 0;
        const subscription = ha.subscribeTrigger(
          { platform: "state", entity_id: door, to: "on" },
          () => fired++,
        );

        await instance.restart();
        await whenReady(c.cyrene.ha, 90_000);
        await whenReady(ha, 90_000);
        await subscription.ready;
        await restCall(instance, "input_boolean", "turn_on", { entity_id: door });

        await expect.poll(() => c.cyrene.reminders.store.get(id)?.fired, POLL).toBe(1);
        await expect.poll(() => watch.notification(key(c, id)), POLL).toMatchObject({ message: "门还开着" });
        await expect.poll(() => fired, POLL).toBe(1);
        subscription.close();
      } finally {
        await ha.close();
        await restCall(instance, "input_boolean", "turn_off", { entity_id: door });
      }
    },
  );
});
