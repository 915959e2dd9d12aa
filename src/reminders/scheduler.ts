import type { Clock, TimerHandle } from "../time/clock.js";
import type { HaSubscription } from "../ha/index.js";
import type { Logger } from "../logging/logger.js";
import { ACTION_GRACE_MS, type ScheduledActions } from "./actions.js";
import type { DeliveryQueue } from "./delivery.js";
import { MinHeap } from "./heap.js";
import { nextOccurrence, occurrencesBetween } from "./recurrence.js";
import type { ReminderStore } from "./store.js";
import { PERSISTENT, type OccurrenceKind, type Reminder, type TriggerSchedule } from "./types.js";

export interface SchedulerOptions {
  /** Later than this is "late" ("was due at 08:00"). */
  lateAfterMs: number;
  /** Later than this is "missed": still delivered once, as missed. */
  missedAfterMs: number;
  /** Re-check the queue at least this often, so a changed system clock is noticed. */
  maxSleepMs?: number;
}

/** Watches HA triggers for reminders that wait for something to happen in the home. */
export interface TriggerWatcher {
  watch(reminder: Reminder, schedule: TriggerSchedule, onFire: () => void): HaSubscription;
}

interface Due {
  at: number;
  id: string;
  snooze: boolean;
  /** The arming this entry belongs to; older entries of a re-armed reminder are skipped. */
  version: number;
}

/**
 * Arms every active reminder on one timer: a min-heap of due times, the timer set for the earliest
 * (at most `maxSleepMs` ahead). When one is due it is claimed in SQLite — only a claim that still
 * finds it due at that time goes on to deliver, so racing timers and restarts never fire it twice —
 * and armed again for its next occurrence. At start-up everything is armed again, and what fell due
 * while Cyrene was away is delivered once, marked late or missed.
 */
export class ReminderScheduler {
  private readonly heap = new MinHeap<Due>();
  private readonly versions = new Map<string, number>();
  /** HA trigger subscriptions by reminder, with the trigger they watch. */
  private readonly watches = new Map<string, { watch: HaSubscription; trigger: string }>();
  private timer: TimerHandle | undefined;
  private timerAt = Infinity;

  constructor(
    private readonly store: ReminderStore,
    private readonly deliveries: DeliveryQueue,
    private readonly actions: ScheduledActions,
    private readonly triggers: TriggerWatcher,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: SchedulerOptions,
  ) {}

  start(): void {
    this.actions.resume();
    for (const reminder of this.store.active()) this.arm(reminder, false);
    this.deliveries.resume();
    this.tick();
  }

  stop(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    for (const { watch } of this.watches.values()) watch.close();
    this.watches.clear();
  }

  /** (Re-)arms a reminder after it was created or changed; an inactive one is disarmed. */
  arm(reminder: Reminder, tick = true): void {
    const version = (this.versions.get(reminder.id) ?? 0) + 1;
    this.versions.set(reminder.id, version);
    const trigger = reminder.schedule.kind === "trigger" ? JSON.stringify(reminder.schedule.trigger) : "";
    const watching = this.watches.get(reminder.id);
    // A snooze or a new message keeps HA's trigger as it is (and a `for` it is counting down).
    if (watching && (reminder.status !== "active" || watching.trigger !== trigger)) this.unwatch(reminder.id);
    if (reminder.status !== "active") return;
    if (reminder.snoozedUntil !== null)
      this.heap.push({ at: reminder.snoozedUntil, id: reminder.id, snooze: true, version });
    if (reminder.schedule.kind === "trigger") {
      if (!this.watches.has(reminder.id)) {
        const watch = this.triggers.watch(reminder, reminder.schedule, () => this.fireTrigger(reminder.id));
        this.watches.set(reminder.id, { watch, trigger });
      }
    } else if (reminder.nextAt !== null) {
      this.heap.push({ at: reminder.nextAt, id: reminder.id, snooze: false, version });
    }
    if (tick) this.tick();
  }

  disarm(id: string): void {
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    this.unwatch(id);
  }

  /** Settles once HA has taken the reminder's trigger (or refused it); undefined for time reminders. */
  armed(id: string): Promise<void> | undefined {
    const watching = this.watches.get(id);
    return watching && (watching.watch.ready ?? Promise.resolve());
  }

  private unwatch(id: string): void {
    this.watches.get(id)?.watch.close();
    this.watches.delete(id);
  }

  /** How many due times are queued (for the bench). */
  get queued(): number {
    return this.heap.size;
  }

  private tick(): void {
    const now = this.clock.now();
    for (let due = this.heap.peek(); due && due.at <= now; due = this.heap.peek()) {
      this.heap.pop();
      if (this.versions.get(due.id) !== due.version) continue;
      try {
        this.fireTime(due, now);
      } catch (error) {
        this.logger.error({ err: error, reminderId: due.id }, "a reminder could not fire");
      }
    }
    this.sleepUntil(this.heap.peek()?.at);
  }

  private sleepUntil(at: number | undefined): void {
    const wake = Math.min(at ?? Infinity, this.clock.now() + (this.options.maxSleepMs ?? 3_600_000));
    if (this.timer && wake >= this.timerAt) return;
    this.clock.clearTimer(this.timer);
    this.timerAt = wake;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.tick();
    }, wake - this.clock.now());
  }

  private fireTime(due: Due, now: number): void {
    const reminder = this.store.get(due.id);
    if (!reminder || reminder.status !== "active") return;
    const targets = [PERSISTENT, ...reminder.targets.notify, ...reminder.targets.speak];
    if (due.snooze) {
      const claim = this.store.claim({
        reminderId: reminder.id,
        dueAt: due.at,
        expected: due.at,
        snooze: true,
        nextAt: null,
        kind: "snoozed",
        targets,
        now,
      });
      if (claim) this.deliveries.send(claim.deliveries);
      return;
    }
    if (reminder.schedule.kind !== "time" || reminder.nextAt !== due.at) return;
    if (reminder.action) return this.fireAction(reminder, due, now);
    // Occurrences that passed while nothing could deliver them fold into one, reported with the newest.
    const passed = occurrencesBetween(reminder.schedule, due.at, now);
    const shown = passed.at(-1) ?? due.at;
    const nextAt = nextOccurrence(reminder.schedule, now) ?? null;
    const claim = this.store.claim({
      reminderId: reminder.id,
      dueAt: shown,
      expected: due.at,
      nextAt,
      kind: this.kindOf(now - shown),
      skipped: passed.length,
      targets,
      now,
    });
    if (!claim) return;
    this.deliveries.send(claim.deliveries);
    if (nextAt !== null) this.heap.push({ at: nextAt, id: reminder.id, snooze: false, version: due.version });
  }

  /**
   * A scheduled action (one-off): claimed as running before it runs, so a restart never runs it twice;
   * run if it is at most ACTION_GRACE_MS late, else reported as missed and not run.
   */
  private fireAction(reminder: Reminder, due: Due, now: number): void {
    const action = reminder.action!;
    const late = now - due.at;
    const claim = this.store.claim({
      reminderId: reminder.id,
      dueAt: due.at,
      expected: due.at,
      nextAt: null,
      kind: this.kindOf(late),
      targets: [],
      now,
      action: { status: "running" },
    });
    if (!claim) return;
    if (late > ACTION_GRACE_MS) this.actions.missed(reminder, action, claim.occurrence);
    else this.actions.perform(reminder, action, claim.occurrence);
  }

  private fireTrigger(id: string): void {
    const reminder = this.store.get(id);
    if (!reminder || reminder.status !== "active" || reminder.schedule.kind !== "trigger") return;
    const finish = !reminder.schedule.everyTime;
    const targets = [PERSISTENT, ...reminder.targets.notify, ...reminder.targets.speak];
    const now = this.clock.now();
    const claim = this.store.claim({
      reminderId: id,
      dueAt: now,
      nextAt: null,
      kind: "trigger",
      targets,
      now,
      finish,
    });
    if (!claim) return;
    this.deliveries.send(claim.deliveries);
    if (finish) this.disarm(id);
  }

  private kindOf(lateMs: number): OccurrenceKind {
    if (lateMs > this.options.missedAfterMs) return "missed";
    return lateMs > this.options.lateAfterMs ? "late" : "on_time";
  }
}
