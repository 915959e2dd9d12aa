import type { TimerHandle } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";
import { HaServiceTimeoutError, HaUnavailableError } from "../ha/index.js";
import type { Logger } from "../logging/logger.js";
import type { Notifier } from "../notify/notifier.js";
import { failureNotice, noticeKey, reminderNotice, type Lateness } from "./notice.js";
import type { DeliveryLedger } from "./delivery-ledger.js";
import type { ReminderStore } from "./store.js";
import { PERSISTENT, type Delivery } from "./types.js";

export interface DeliveryOptions extends Lateness {
  /** Waits between the attempts of one delivery; after the last it is given up on and reported. */
  retryDelaysMs: number[];
  /** The Snooze button's length, as its title says it. */
  snoozeMs?: number;
  /** While HA is away, look again this often besides when it says it is back (default 60 s). */
  awayRetryMs?: number;
  /**
   * Attempts under way at once (default 8): a burst queues behind them. It also bounds how many
   * deliveries a crash can leave with an unknown outcome.
   */
  maxInFlight?: number;
}

/** Why a cut-off attempt to a speaker (or another target that cannot drop a repeat) is not made again. */
const CUT_OFF =
  "Cyrene stopped while this was being delivered, so it may or may not have arrived; not repeated, " +
  "as this target would say it twice. Cyrene 在送达过程中停止，无法确定是否已送达；为免重复，不再重发。";

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
  /** Deliveries waiting for a free attempt slot, in order. */
  private readonly waiting = new Map<number, Delivery>();
  private readonly settled = new Set<Promise<void>>();
  private readonly ledger: DeliveryLedger;

  constructor(
    private readonly store: ReminderStore,
    private readonly notifier: Notifier,
    private readonly clock: HomeTime,
    private readonly logger: Logger,
    private readonly options: DeliveryOptions,
  ) {
    this.ledger = store.ledger;
  }

  /**
   * Attempts what is pending and due (at start-up, after a restart between firing and delivering).
   * An attempt the last run was in the middle of has an unknown outcome: it is made again with the same
   * notice id where the target replaces a repeat (and not at all where the target already shows it),
   * and left "unknown" where the target would say it twice.
   */
  resume(): void {
    for (const delivery of this.ledger.cutOff()) {
      const log = this.logger.child({ deliveryId: delivery.id, target: delivery.target });
      if (this.notifier.replacesRepeats(delivery.target)) {
        this.ledger.unsure(delivery.id, "Cyrene stopped during the attempt; sent again with the same id");
        log.info("a delivery cut off by a restart is sent again with the same id");
      } else {
        this.ledger.unknown(delivery.id, CUT_OFF);
        log.warn("a delivery cut off by a restart is not repeated: the target would say it twice");
      }
    }
    const now = this.clock.now();
    for (const delivery of this.ledger.pending()) {
      this.later(delivery, Math.max(0, (delivery.nextTryAt ?? now) - now));
    }
  }

  /** HA is back: every pending delivery is tried now instead of at its backoff. */
  retryNow(): void {
    for (const delivery of this.ledger.pending()) this.later(delivery, 0);
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
    // Still pending in the ledger: the next start attempts them.
    this.waiting.clear();
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
    if (this.inFlight.size >= (this.options.maxInFlight ?? 8)) {
      this.waiting.set(delivery.id, delivery);
      return;
    }
    this.waiting.delete(delivery.id);
    this.inFlight.add(delivery.id);
    const running = this.run(delivery).finally(() => {
      this.inFlight.delete(delivery.id);
      const next = this.waiting.values().next();
      if (!next.done) this.attempt(next.value);
      this.settled.delete(running);
    });
    this.settled.add(running);
  }

  private async run(delivery: Delivery): Promise<void> {
    const occurrence = this.ledger.occurrence(delivery.occurrenceId);
    const reminder = occurrence && this.store.get(occurrence.reminderId);
    if (!occurrence || !reminder) return;
    const { target } = delivery;
    const log = this.logger.child({ reminderId: reminder.id, target });
    try {
      const now = this.clock.now();
      const notice = reminderNotice(reminder, occurrence, this.clock.zone(), now, this.options);
      if (delivery.unsure && (await this.notifier.shows(target, notice.key))) {
        this.ledger.delivered(delivery.id, now);
        log.info("the reminder had arrived before the restart; not sent again");
        return;
      }
      this.ledger.sending(delivery.id);
      await this.notifier.deliver(target, notice);
      this.ledger.delivered(delivery.id, this.clock.now());
      log.info(
        { kind: occurrence.kind, lateMs: occurrence.firedAt - occurrence.dueAt },
        "reminder delivered",
      );
      if (target === PERSISTENT) await this.dismissPrevious(reminder.id, occurrence.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof HaServiceTimeoutError && !this.notifier.replacesRepeats(target)) {
        // HA took the call and may still be speaking it: trying again could say it twice.
        this.ledger.unknown(delivery.id, message);
        log.warn({ error: message }, "reminder delivery unconfirmed; not repeated");
        return;
      }
      if (error instanceof HaUnavailableError) {
        const retryAt = this.clock.now() + (this.options.awayRetryMs ?? 60_000);
        this.ledger.waiting(delivery.id, message, retryAt);
        log.info({ error: message }, "Home Assistant is away; the reminder waits for it");
        this.later({ ...delivery, nextTryAt: retryAt }, retryAt - this.clock.now());
        return;
      }
      const attempts = delivery.attempts + 1;
      const wait = this.options.retryDelaysMs[attempts - 1];
      if (wait !== undefined) {
        const retryAt = this.clock.now() + wait;
        this.ledger.attemptFailed(delivery.id, message, retryAt);
        log.warn({ attempts, retryInMs: wait, error: message }, "reminder delivery failed; will retry");
        this.later({ ...delivery, attempts, nextTryAt: retryAt }, wait);
        return;
      }
      this.ledger.attemptFailed(delivery.id, message, null);
      log.error({ attempts, error: message }, "reminder delivery failed for good");
      if (delivery.target !== PERSISTENT) {
        await this.notifier
          .deliver(PERSISTENT, failureNotice(reminder, occurrence, delivery.target, message))
          .catch((reportError: unknown) =>
            log.error({ err: reportError }, "could not report the failed delivery"),
          );
      }
    }
  }

  /** An occurrence's persistent notification takes the place of the one before it, as one card per reminder. */
  private async dismissPrevious(reminderId: string, occurrenceId: number): Promise<void> {
    const previous = this.ledger.previousOccurrence(reminderId, occurrenceId);
    if (previous === undefined) return;
    await this.notifier
      .dismiss(noticeKey(reminderId, previous))
      .catch((error: unknown) =>
        this.logger.warn(
          { err: error, reminderId },
          "could not dismiss the previous occurrence's notification",
        ),
      );
  }
}
