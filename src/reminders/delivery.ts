import type { Clock, TimerHandle } from "../clock.js";
import { HaUnavailableError } from "../ha/errors.js";
import type { Logger } from "../logging/logger.js";
import type { Notifier } from "../notify/notifier.js";
import { failureNotice, reminderNotice, type Lateness } from "./notice.js";
import type { ReminderStore } from "./store.js";
import { PERSISTENT, type Delivery } from "./types.js";

export interface DeliveryOptions extends Lateness {
  /** Waits between the attempts of one delivery; after the last it is given up on and reported. */
  retryDelaysMs: number[];
  zone: () => string;
  /** The Snooze button's length, as its title says it. */
  snoozeMs?: number;
  /** While HA is away, look again this often besides when it says it is back (default 60 s). */
  awayRetryMs?: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/**
 * Works off the delivery ledger: each pending delivery is attempted, a failed one again after a
 * backoff (and at once when HA comes back), and one that fails every time is marked failed and
 * reported — in the log, in reminder_list, and as a persistent notification — never dropped silently.
 * HA being away is not a failed attempt: the delivery waits for HA however long it is gone, and is
 * made (marked late or missed) when it is back.
 */
export class DeliveryQueue {
  private readonly timers = new Map<number, TimerHandle>();
  private readonly inFlight = new Set<number>();
  private readonly settled = new Set<Promise<void>>();

  constructor(
    private readonly store: ReminderStore,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: DeliveryOptions,
  ) {}

  /** Attempts what is pending and due (at start-up, after a restart between firing and delivering). */
  resume(): void {
    const now = this.clock.now();
    for (const delivery of this.store.pendingDeliveries()) {
      this.later(delivery, Math.max(0, (delivery.nextTryAt ?? now) - now));
    }
  }

  /** HA is back: every pending delivery is tried now instead of at its backoff. */
  retryNow(): void {
    for (const delivery of this.store.pendingDeliveries()) this.later(delivery, 0);
  }

  send(deliveries: Delivery[]): void {
    for (const delivery of deliveries) this.attempt(delivery);
  }

  /** Waits for the attempts under way; used at shutdown and by tests. */
  async settle(): Promise<void> {
    while (this.settled.size > 0) await Promise.all(this.settled);
  }

  stop(): void {
    for (const timer of this.timers.values()) this.clock.clearTimer(timer);
    this.timers.clear();
  }

  private later(delivery: Delivery, ms: number): void {
    this.clock.clearTimer(this.timers.get(delivery.id));
    this.timers.set(
      delivery.id,
      this.clock.setTimer(() => {
        this.timers.delete(delivery.id);
        this.attempt(delivery);
      }, ms),
    );
  }

  private attempt(delivery: Delivery): void {
    if (this.inFlight.has(delivery.id)) return;
    this.inFlight.add(delivery.id);
    const running = this.run(delivery).finally(() => {
      this.inFlight.delete(delivery.id);
      this.settled.delete(running);
    });
    this.settled.add(running);
  }

  private async run(delivery: Delivery): Promise<void> {
    const occurrence = this.store.occurrence(delivery.occurrenceId);
    const reminder = occurrence && this.store.get(occurrence.reminderId);
    if (!occurrence || !reminder) return;
    const log = this.logger.child({ reminderId: reminder.id, target: delivery.target });
    try {
      const now = this.clock.now();
      const notice = reminderNotice(reminder, occurrence, this.options.zone(), now, this.options);
      await this.notifier.deliver(delivery.target, notice);
      this.store.delivered(delivery.id, this.clock.now());
      log.info(
        { kind: occurrence.kind, lateMs: occurrence.firedAt - occurrence.dueAt },
        "reminder delivered",
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof HaUnavailableError) {
        const retryAt = this.clock.now() + (this.options.awayRetryMs ?? 60_000);
        this.store.waiting(delivery.id, message, retryAt);
        log.info({ error: message }, "Home Assistant is away; the reminder waits for it");
        this.later({ ...delivery, nextTryAt: retryAt }, retryAt - this.clock.now());
        return;
      }
      const attempts = delivery.attempts + 1;
      const wait = this.options.retryDelaysMs[attempts - 1];
      if (wait !== undefined) {
        const retryAt = this.clock.now() + wait;
        this.store.attemptFailed(delivery.id, message, retryAt);
        log.warn({ attempts, retryInMs: wait, error: message }, "reminder delivery failed; will retry");
        this.later({ ...delivery, attempts, nextTryAt: retryAt }, wait);
        return;
      }
      this.store.attemptFailed(delivery.id, message, null);
      log.error({ attempts, error: message }, "reminder delivery failed for good");
      if (delivery.target !== PERSISTENT) {
        await this.notifier
          .deliver(PERSISTENT, failureNotice(reminder, delivery.target, message))
          .catch((reportError: unknown) =>
            log.error({ err: reportError }, "could not report the failed delivery"),
          );
      }
    }
  }
}
