import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import type { Notice, Notifier } from "../../src/notify/notifier.js";
import {
  HaCommandError,
  HaServiceTimeoutError,
  HaUnavailableError,
  type HomeAssistant,
} from "../../src/ha/index.js";
import { createReminders, type ReminderSettings, type Reminders } from "../../src/reminders/index.js";
import { openDatabase, type Db } from "../../src/store/database.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { FakeClock } from "../support/fake-clock.js";

const ZONE = "Asia/Shanghai";
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();

class RecordingNotifier implements Notifier {
  readonly sent: { target: string; notice: Notice; at: number }[] = [];
  readonly dismissed: string[] = [];
  /**
   * Cyrene dies during the attempts: each one reaches the target ("arrived") or not ("lost") by the
   * reminder's message, and never returns to record its outcome.
   */
  cutOff: ((notice: Notice) => "arrived" | "lost") | undefined;
  failing = new Set<string>();
  /** HA is away: every delivery fails as HaNotifier's do then. */
  away = false;
  constructor(private readonly clock: FakeClock) {}
  async deliver(target: string, notice: Notice): Promise<void> {
    if (this.away) throw new HaUnavailableError("connection lost, reconnecting");
    if (this.failing.has(target) || this.failing.has("*")) throw new Error(`${target} is unreachable`);
    if (this.cutOff) {
      if (this.cutOff(notice) === "arrived") this.sent.push({ target, notice, at: this.clock.now() });
      return new Promise(() => {});
    }
    this.sent.push({ target, notice, at: this.clock.now() });
  }
  async dismiss(key: string): Promise<void> {
    this.dismissed.push(key);
  }
  async targets() {
    return { notify: ["notify.mobile_app_phone"], speak: ["media_player.kitchen"] };
  }
  /** As HaNotifier: the persistent notification and the mobile app replace a repeat, a speaker does not. */
  replacesRepeats(target: string): boolean {
    return target === "persistent_notification" || target.startsWith("notify.mobile_app_");
  }
  /** Only persistent notifications can be looked at. */
  async shows(target: string, key: string): Promise<boolean | undefined> {
    if (target !== "persistent_notification") return undefined;
    return (
      this.sent.some((s) => s.target === target && s.notice.key === key) && !this.dismissed.includes(key)
    );
  }
}

const running: Reminders[] = [];
afterEach(async () => {
  for (const reminders of running.splice(0)) await reminders.stop();
});

function build(
  db: Db,
  clock: FakeClock,
  notifier: Notifier,
  ha: HomeAssistant = new FakeHomeAssistant(sampleHome()),
  settings: Partial<ReminderSettings> = {},
) {
  const reminders = createReminders({
    db,
    ha,
    notifier,
    time: createHomeTime({ zone: ZONE, clock }),
    logger: silentLogger(),
    settings: {
      defaultTargets: { notify: [], speak: [] },
      missedAfterMs: 6 * 3_600_000,
      retryDelaysMs: [1_000, 5_000],
      ...settings,
    },
  });
  running.push(reminders);
  return reminders;
}

/** Stops a Reminders as `kill -9` would: nothing awaited, nothing recorded after this moment. */
function crash(reminders: Reminders): void {
  running.splice(running.indexOf(reminders), 1);
  reminders.scheduler.stop();
  reminders.deliveries.stop();
}

describe("the reminder scheduler", () => {
  it("fires on time, once, and arms a recurring one again", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const reminders = build(openDatabase(":memory:"), clock, notifier);
    reminders.start();
    await reminders.service.create({ message: "吃药", at: "2026-12-02T08:00", repeat: "daily" });
    await clock.advance(3_600_000 - 1);
    expect(notifier.sent).toHaveLength(0);
    await clock.advance(1);
    expect(notifier.sent.map((s) => [s.target, s.notice.message, s.at])).toEqual([
      ["persistent_notification", "吃药", at("2026-12-02T08:00")],
    ]);
    await clock.advance(24 * 3_600_000);
    expect(notifier.sent.map((s) => s.at)).toEqual([at("2026-12-02T08:00"), at("2026-12-03T08:00")]);
  });

  it("delivers exactly once across a restart between creating and firing", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const db = openDatabase(":memory:");
    const first = build(db, clock, notifier);
    first.start();
    await first.service.create({ message: "call mum", at: "2026-12-02T07:30" });
    await first.stop();
    const second = build(db, clock, notifier);
    second.start();
    await clock.advance(3_600_000);
    expect(notifier.sent.filter((s) => s.target === "persistent_notification")).toHaveLength(1);
  });

  it("never fires twice when two schedulers race over one database", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const db = openDatabase(":memory:");
    const a = build(db, clock, notifier);
    const b = build(db, clock, notifier);
    a.start();
    const { reminder } = await a.service.create({ message: "once", at: "2026-12-02T07:05" });
    b.start();
    b.scheduler.arm(reminder);
    await clock.advance(600_000);
    expect(notifier.sent).toHaveLength(1);
  });

  it("delivers what fell due while it was down once, marked late, or missed when long ago", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const db = openDatabase(":memory:");
    const first = build(db, clock, notifier);
    first.start();
    await first.service.create({ message: "water the plants", at: "2026-12-02T08:00" });
    await first.service.create({ message: "stand up", at: "2026-12-02T07:10", repeat: "daily" });
    await first.stop();
    clock.set(at("2026-12-02T08:20")); // down from 07:00 to 08:20
    build(db, clock, notifier).start();
    await clock.advance(0);
    expect(notifier.sent.map((s) => s.notice.message).sort()).toEqual([
      "stand up (was due at 07:10)",
      "water the plants (was due at 08:00)",
    ]);

    const later = new RecordingNotifier(clock);
    const db2 = openDatabase(":memory:");
    const before = build(db2, clock, later);
    before.start();
    await before.service.create({ message: "daily check", at: "2026-12-02T09:00", repeat: "daily" });
    await before.stop();
    clock.set(at("2026-12-05T08:00")); // away for days: the newest missed one is 23 h old
    build(db2, clock, later).start();
    await clock.advance(0);
    expect(later.sent.map((s) => s.notice.message)).toEqual([
      "daily check (missed: was due at 2026-12-04 09:00; 2 more missed)",
    ]);
    await clock.advance(3_600_000); // the next one comes on time again
    expect(later.sent.at(-1)).toMatchObject({
      notice: { message: "daily check" },
      at: at("2026-12-05T09:00"),
    });
  });

  it("retries a failed delivery, and reports one that never goes through", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const reminders = build(openDatabase(":memory:"), clock, notifier);
    reminders.start();
    notifier.failing.add("notify.mobile_app_phone");
    const { reminder } = await reminders.service.create({
      message: "take the bins out",
      at: "in 1 minute",
      notify: ["mobile_app_phone"],
    });
    await clock.advance(60_000);
    await clock.advance(1_000);
    await clock.advance(5_000);
    const last = reminders.store.lastDelivery(reminder.id)!;
    const phone = last.deliveries.find((d) => d.target === "notify.mobile_app_phone")!;
    expect(phone).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "notify.mobile_app_phone is unreachable",
    });
    const report = notifier.sent.find((s) => s.notice.key.endsWith("_failed"))!;
    expect(report.notice.message).toMatch(
      /could not reach notify\.mobile_app_phone: notify\.mobile_app_phone is unreachable/,
    );
  });

  it("delivers at once, marked late, when Home Assistant comes back", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new FakeHomeAssistant(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha);
    reminders.start();
    await reminders.service.create({ message: "leave for the train", at: "2026-12-02T07:30" });
    notifier.failing.add("*");
    ha.setUnavailable("connection lost");
    await clock.advance(30 * 60_000 + 2_000);
    expect(notifier.sent).toHaveLength(0);
    notifier.failing.clear();
    clock.set(at("2026-12-02T07:40"));
    ha.setUnavailable(undefined);
    await clock.advance(0);
    expect(notifier.sent.map((s) => s.notice.message)).toEqual(["leave for the train (was due at 07:30)"]);
  });

  it("comes back ten minutes after a phone's snooze button", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new FakeHomeAssistant(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha);
    reminders.start();
    const { reminder } = await reminders.service.create({ message: "关火", at: "2026-12-02T07:05" });
    await clock.advance(5 * 60_000);
    const action = notifier.sent[0]!.notice.actions!.find((a) => a.action.includes("SNOOZE"))!.action;
    ha.emitEvent("mobile_app_notification_action", { action });
    await clock.advance(10 * 60_000);
    expect(notifier.sent.map((s) => s.at)).toEqual([at("2026-12-02T07:05"), at("2026-12-02T07:15")]);
    expect(reminders.store.get(reminder.id)).toMatchObject({ status: "done", fired: 2 });
  });

  it("fires a trigger reminder when HA's trigger fires, once unless every time", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new FakeHomeAssistant(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha);
    reminders.start();
    const entity = Object.keys((await ha.snapshot()).states).find((id) => id.startsWith("light."))!;
    const { reminder } = await reminders.service.create({
      message: "light is on",
      when: { entity, to: "on", forMinutes: 2 },
    });
    const [subscription] = [...ha.triggers];
    expect(subscription!.trigger).toEqual({
      platform: "state",
      entity_id: entity,
      to: "on",
      for: { seconds: 120 },
    });
    subscription!.fire({});
    await clock.advance(0);
    subscription?.fire({});
    await clock.advance(0);
    expect(notifier.sent).toHaveLength(1);
    expect(reminders.store.get(reminder.id)!.status).toBe("done");
    expect(ha.triggers.size).toBe(0);
  });

  it("waits for Home Assistant however long it is away, using up no retries, then delivers once", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new FakeHomeAssistant(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha);
    reminders.start();
    const { reminder } = await reminders.service.create({
      message: "leave for the train",
      at: "2026-12-02T07:30",
      notify: ["mobile_app_phone"],
    });
    notifier.away = true;
    ha.setUnavailable("connection lost");
    await clock.advance(3 * 3_600_000); // far beyond every retry (1 s, 5 s)
    expect(notifier.sent).toHaveLength(0);
    expect(reminders.store.lastDelivery(reminder.id)!.deliveries).toEqual([
      expect.objectContaining({ target: "persistent_notification", status: "pending", attempts: 0 }),
      expect.objectContaining({ target: "notify.mobile_app_phone", status: "pending", attempts: 0 }),
    ]);
    notifier.away = false;
    ha.setUnavailable(undefined);
    await clock.advance(0);
    expect(notifier.sent.map((s) => [s.target, s.notice.message])).toEqual([
      ["persistent_notification", "leave for the train (was due at 07:30)"],
      ["notify.mobile_app_phone", "leave for the train (was due at 07:30)"],
    ]);
    await clock.advance(3_600_000);
    expect(notifier.sent).toHaveLength(2);
  });

  it("snoozes for the configured time, and its button says so", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new FakeHomeAssistant(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha, { snoozeMs: 5 * 60_000 });
    reminders.start();
    await reminders.service.create({ message: "tea", at: "2026-12-02T07:05" });
    await clock.advance(5 * 60_000);
    const actions = notifier.sent[0]!.notice.actions!;
    expect(actions.map((a) => a.title)).toEqual(["Done", "Snooze 5 min"]);
    ha.emitEvent("mobile_app_notification_action", { action: actions[1]!.action });
    await clock.advance(5 * 60_000);
    expect(notifier.sent.map((s) => s.at)).toEqual([at("2026-12-02T07:05"), at("2026-12-02T07:10")]);
  });

  it("ignores the buttons of a deleted reminder's old notification", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new FakeHomeAssistant(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha);
    reminders.start();
    const { reminder } = await reminders.service.create({ message: "gone", at: "2026-12-02T07:05" });
    reminders.service.cancel(reminder.id);
    expect(() =>
      ha.emitEvent("mobile_app_notification_action", { action: `CYRENE_REMINDER_SNOOZE:${reminder.id}` }),
    ).not.toThrow();
    await clock.advance(3_600_000);
    expect(notifier.sent).toHaveLength(0);
    expect(reminders.store.get(reminder.id)).toMatchObject({ status: "cancelled", snoozedUntil: null });
  });

  it("sets a trigger reminder only once HA has taken the trigger, and says so when HA refuses it", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const ha = new (class extends FakeHomeAssistant {
      answer: "refuse" | "silent" | "take" = "refuse";
      override subscribeTrigger(
        trigger: Record<string, unknown>,
        onFire: (variables: Record<string, unknown>) => void,
      ) {
        const subscription = super.subscribeTrigger(trigger, onFire);
        const ready =
          this.answer === "refuse"
            ? Promise.reject(new HaCommandError("invalid_format", "Entity ID is an invalid entity ID"))
            : this.answer === "silent"
              ? new Promise<void>(() => {})
              : Promise.resolve();
        ready.catch(() => undefined);
        return { ...subscription, ready };
      }
    })(sampleHome());
    const reminders = build(openDatabase(":memory:"), clock, notifier, ha);
    reminders.start();
    const entity = Object.keys((await ha.snapshot()).states).find((id) => id.startsWith("light."))!;
    const when = { entity, to: "on", everyTime: true };

    await expect(reminders.service.create({ message: "refused", when })).rejects.toThrow(
      /^Home Assistant refused the trigger \(Entity ID is an invalid entity ID\), so no reminder was set\./,
    );
    expect(reminders.store.all()).toEqual([
      expect.objectContaining({ message: "refused", status: "cancelled" }),
    ]);
    expect(ha.triggers.size).toBe(0);

    ha.answer = "silent";
    let answered = false;
    const waiting = reminders.service
      .create({ message: "unconfirmed", when })
      .finally(() => (answered = true));
    while (!answered) await clock.advance(1_000);
    expect((await waiting).notes).toEqual([
      "Home Assistant has not confirmed the trigger yet; it is set up as soon as HA answers.",
    ]);

    ha.answer = "take";
    const { reminder, notes } = await reminders.service.create({ message: "taken", when });
    expect(notes).toEqual([]);
    // A snooze or a new message keeps HA's subscription (and a `for` HA is counting down).
    const [, subscription] = [...ha.triggers];
    reminders.service.snooze(reminder.id);
    await reminders.service.update(reminder.id, { message: "taken, renamed" });
    expect([...ha.triggers][1]).toBe(subscription);
    subscription!.fire({});
    await clock.advance(0);
    expect(notifier.sent.map((s) => s.notice.message)).toEqual(["taken, renamed"]);
  });

  it("after a crash mid-delivery sends each notice at most once where it shows, again with the same id where it replaces, never twice on a speaker", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const db = openDatabase(":memory:");
    const first = build(db, clock, notifier);
    first.start();
    const targets = { notify: ["mobile_app_phone"], speak: ["media_player.kitchen"] };
    await first.service.create({ message: "arrived", at: "2026-12-02T07:05", ...targets });
    await first.service.create({ message: "lost", at: "2026-12-02T07:05", ...targets });
    notifier.cutOff = (notice) => (notice.message === "arrived" ? "arrived" : "lost");
    await clock.advance(5 * 60_000);
    expect(db.prepare("SELECT status, COUNT(*) AS n FROM reminder_deliveries GROUP BY status").all()).toEqual(
      [{ status: "sending", n: 6 }],
    );
    crash(first);

    notifier.cutOff = undefined;
    const second = build(db, clock, notifier);
    second.start();
    await clock.advance(0);
    await second.deliveries.settle();
    const sent = (message: string, target: string) =>
      notifier.sent
        .filter((s) => s.notice.message === message && s.target === target)
        .map((s) => s.notice.key);
    const [arrived, lost] = ["arrived", "lost"].map((m) =>
      second.service.list().find((r) => r.message === m)!,
    );
    const key = (id: string) => `cyrene_reminder_${id}_${second.store.lastDelivery(id)!.occurrence.id}`;
    // The persistent notification HA already shows is not sent again; the lost one is, with its id.
    expect(sent("arrived", "persistent_notification")).toEqual([key(arrived!.id)]);
    expect(sent("lost", "persistent_notification")).toEqual([key(lost!.id)]);
    // A phone push cannot be looked at: it is sent again with the same tag, which replaces the first.
    expect(sent("arrived", "notify.mobile_app_phone")).toEqual([key(arrived!.id), key(arrived!.id)]);
    expect(sent("lost", "notify.mobile_app_phone")).toEqual([key(lost!.id)]);
    // A speaker would say it twice: not repeated, whether it spoke or not.
    expect(sent("arrived", "media_player.kitchen")).toHaveLength(1);
    expect(sent("lost", "media_player.kitchen")).toHaveLength(0);
    for (const reminder of [arrived!, lost!]) {
      expect(
        second.store.lastDelivery(reminder.id)!.deliveries.map((d) => [d.target, d.status, d.unsure]),
      ).toEqual([
        ["persistent_notification", "sent", false],
        ["notify.mobile_app_phone", "sent", false],
        ["media_player.kitchen", "unknown", false],
      ]);
    }
    expect(second.store.lastDelivery(arrived!.id)!.deliveries[2]!.lastError).toMatch(/not repeated/);
  });

  it("gives each occurrence its own notice id, and the new one takes the old one's place", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const reminders = build(openDatabase(":memory:"), clock, notifier);
    reminders.start();
    const { reminder } = await reminders.service.create({
      message: "吃药",
      at: "2026-12-02T08:00",
      repeat: "daily",
    });
    await clock.advance(25 * 3_600_000);
    const keys = notifier.sent.map((s) => s.notice.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(keys.every((k) => k.startsWith(`cyrene_reminder_${reminder.id}_`))).toBe(true);
    expect(notifier.dismissed).toEqual([keys[0]]);
    await reminders.service.done(reminder.id);
    expect(notifier.dismissed).toEqual([keys[0], keys[1]]);
  });

  it("does not try a speaker again when HA took the call but did not confirm it in time", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const speaker = "media_player.kitchen";
    const deliver = notifier.deliver.bind(notifier);
    let spoken = 0;
    notifier.deliver = async (target, notice) => {
      if (target !== speaker) return deliver(target, notice);
      spoken++;
      throw new HaServiceTimeoutError(8);
    };
    const reminders = build(openDatabase(":memory:"), clock, notifier);
    reminders.start();
    const { reminder } = await reminders.service.create({
      message: "dinner",
      at: "2026-12-02T07:05",
      speak: [speaker],
    });
    await clock.advance(3_600_000);
    expect(spoken).toBe(1);
    const delivery = reminders.store.lastDelivery(reminder.id)!.deliveries.find((d) => d.target === speaker)!;
    expect(delivery).toMatchObject({
      status: "unknown",
      lastError: expect.stringMatching(/did not confirm/),
    });
  });

  it("keeps a burst to a few attempts at once", async () => {
    const clock = new FakeClock(at("2026-12-02T07:00"));
    const notifier = new RecordingNotifier(clock);
    const reminders = build(openDatabase(":memory:"), clock, notifier);
    reminders.start();
    for (let i = 0; i < 30; i++) await reminders.service.create({ message: `r${i}`, at: "2026-12-02T07:05" });
    notifier.cutOff = () => "lost";
    await clock.advance(5 * 60_000);
    const open = reminders.store.ledger.cutOff();
    expect(open).toHaveLength(8);
    expect(reminders.store.ledger.pending()).toHaveLength(22);
    crash(reminders);
  });
});
