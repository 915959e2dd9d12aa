import type { Db } from "../store/database.js";
import { toDelivery, toOccurrence, type DeliveryRow, type OccurrenceRow } from "./rows.js";
import type { Delivery, Occurrence } from "./types.js";

/**
 * The delivery ledger: one row per delivery a claim recorded (ReminderStore.claim), and each attempt's
 * outcome. A delivery is "sending" only while an attempt is under way, so one still "sending" at start-up
 * was cut off by a crash (see DeliveryStatus).
 */
export class DeliveryLedger {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      pending: db.prepare("SELECT * FROM reminder_deliveries WHERE status = 'pending' ORDER BY id"),
      cutOff: db.prepare("SELECT * FROM reminder_deliveries WHERE status = 'sending' ORDER BY id"),
      sending: db.prepare(
        "UPDATE reminder_deliveries SET status = 'sending' WHERE id = ? AND status = 'pending'",
      ),
      delivered: db.prepare(
        "UPDATE reminder_deliveries SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL, next_try_at = NULL, unsure = 0 WHERE id = ?",
      ),
      waiting: db.prepare(
        "UPDATE reminder_deliveries SET status = 'pending', last_error = ?, next_try_at = ? WHERE id = ? AND status IN ('pending', 'sending')",
      ),
      failed: db.prepare(
        "UPDATE reminder_deliveries SET status = ?, attempts = attempts + 1, last_error = ?, next_try_at = ? WHERE id = ?",
      ),
      unsure: db.prepare(
        "UPDATE reminder_deliveries SET status = 'pending', unsure = 1, attempts = attempts + 1, last_error = ? WHERE id = ? AND status = 'sending'",
      ),
      unknown: db.prepare(
        "UPDATE reminder_deliveries SET status = 'unknown', attempts = attempts + 1, last_error = ?, next_try_at = NULL WHERE id = ?",
      ),
      occurrence: db.prepare("SELECT * FROM reminder_occurrences WHERE id = ?"),
      previousOccurrence: db.prepare(
        "SELECT id FROM reminder_occurrences WHERE reminder_id = ? AND id < ? ORDER BY id DESC LIMIT 1",
      ),
    };
  }

  pending(): Delivery[] {
    return (this.statements.pending.all() as DeliveryRow[]).map(toDelivery);
  }

  /** Deliveries whose attempt was under way when Cyrene stopped: their outcome is unknown. */
  cutOff(): Delivery[] {
    return (this.statements.cutOff.all() as DeliveryRow[]).map(toDelivery);
  }

  /** An attempt begins: until it is recorded, a crash leaves the delivery "sending". */
  sending(id: number): void {
    this.statements.sending.run(id);
  }

  delivered(id: number, now: number): void {
    this.statements.delivered.run(now, id);
  }

  /** A cut-off attempt to a target that drops a repeat: tried again with the same notice id. */
  unsure(id: number, reason: string): void {
    this.statements.unsure.run(reason, id);
  }

  /** An attempt that may or may not have reached a target that cannot drop a repeat: not tried again. */
  unknown(id: number, reason: string): void {
    this.statements.unknown.run(reason, id);
  }

  /** A failed attempt: tried again at `retryAt`, or given up on (failed) when it is null. */
  attemptFailed(id: number, error: string, retryAt: number | null): void {
    this.statements.failed.run(retryAt === null ? "failed" : "pending", error, retryAt, id);
  }

  /** Not attempted: HA is away. Still pending, its attempts not counted; looked at again at `retryAt`. */
  waiting(id: number, reason: string, retryAt: number): void {
    this.statements.waiting.run(reason, retryAt, id);
  }

  /** The occurrence a delivery belongs to. */
  occurrence(id: number): Occurrence | undefined {
    const row = this.statements.occurrence.get(id) as OccurrenceRow | undefined;
    return row && toOccurrence(row);
  }

  /** The reminder's occurrence before this one, if any. */
  previousOccurrence(reminderId: string, occurrenceId: number): number | undefined {
    const row = this.statements.previousOccurrence.get(reminderId, occurrenceId) as
      { id: number } | undefined;
    return row?.id;
  }
}
