import { randomBytes } from "node:crypto";
import type { Db } from "../store/database.js";
import { DeliveryLedger } from "./delivery-ledger.js";
import {
  toDelivery,
  toOccurrence,
  toReminder,
  type DeliveryRow,
  type OccurrenceRow,
  type ReminderRow,
} from "./rows.js";
import type {
  Delivery,
  Occurrence,
  OccurrenceKind,
  Reminder,
  ReminderStatus,
  Schedule,
  ScheduledAction,
  Targets,
} from "./types.js";

export interface NewReminder {
  message: string;
  schedule: Schedule;
  targets: Targets;
  nextAt: number | null;
  createdBy?: string;
  conversationId?: string;
  action?: ScheduledAction;
}

/** A claimed occurrence: the reminder moved on, and the deliveries to make are recorded. */
export interface Claim {
  occurrence: Occurrence;
  deliveries: Delivery[];
}

export interface ClaimInput {
  reminderId: string;
  /** The occurrence's due time, as the user is told it. */
  dueAt: number;
  /** What the reminder's next_at (or snoozed_until) must still be for the claim to win. */
  expected?: number;
  /** Where the claim moves the reminder: its next due time, or done. */
  nextAt: number | null;
  kind: OccurrenceKind;
  skipped?: number;
  targets: string[];
  now: number;
  /** True when the due time was the snooze, not the schedule. */
  snooze?: boolean;
  /** The trigger fired and the reminder is once-only: it is done now. */
  finish?: boolean;
  /** A scheduled action's occurrence: running; its outcome and deliveries come with finishAction. */
  action?: { status: "running" };
}

/**
 * Reminders and their schedule state, in SQLite, with the delivery ledger beside them. Firing is a
 * claim: one transaction moves the reminder on only if it is still due at that time, and records the
 * occurrence and one pending delivery per target — so no reminder fires twice, whether two timers race
 * or the process restarts between firing and delivering.
 */
export class ReminderStore {
  /** The deliveries the claims recorded, and how each attempt went. */
  readonly ledger: DeliveryLedger;
  private readonly statements;

  constructor(private readonly db: Db) {
    this.ledger = new DeliveryLedger(db);
    this.statements = {
      insert: db.prepare(
        `INSERT INTO reminders (id, message, schedule, targets, status, next_at, created_at, updated_at,
           created_by, conversation_id, action) VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare("SELECT * FROM reminders WHERE id = ?"),
      all: db.prepare("SELECT * FROM reminders ORDER BY created_at"),
      active: db.prepare("SELECT * FROM reminders WHERE status = 'active'"),
      advance: db.prepare(
        `UPDATE reminders SET next_at = ?, fired = fired + 1, updated_at = ?,
           status = CASE WHEN ? THEN 'done' ELSE status END
         WHERE id = ? AND status = 'active' AND next_at IS ?`,
      ),
      // A snoozed one-off (or once-only trigger) is done again after its snooze.
      advanceSnooze: db.prepare(
        `UPDATE reminders SET snoozed_until = NULL, fired = fired + 1, updated_at = ?,
           status = CASE WHEN next_at IS NULL AND (json_extract(schedule, '$.kind') = 'time'
             OR json_extract(schedule, '$.everyTime') = 0) THEN 'done' ELSE status END
         WHERE id = ? AND status = 'active' AND snoozed_until = ?`,
      ),
      advanceTrigger: db.prepare(
        `UPDATE reminders SET fired = fired + 1, updated_at = ?, status = CASE WHEN ? THEN 'done' ELSE status END
         WHERE id = ? AND status = 'active'`,
      ),
      insertOccurrence: db.prepare(
        `INSERT INTO reminder_occurrences (reminder_id, due_at, fired_at, kind, skipped, action_status, action_outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (reminder_id, due_at) DO NOTHING RETURNING *`,
      ),
      insertDelivery: db.prepare(
        "INSERT INTO reminder_deliveries (occurrence_id, target, status) VALUES (?, ?, 'pending') RETURNING *",
      ),
      setStatus: db.prepare("UPDATE reminders SET status = ?, updated_at = ? WHERE id = ?"),
      setNext: db.prepare(
        "UPDATE reminders SET next_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
      ),
      snooze: db.prepare(
        "UPDATE reminders SET snoozed_until = ?, updated_at = ? WHERE id = ? AND status != 'cancelled'",
      ),
      reactivate: db.prepare(
        "UPDATE reminders SET status = 'active', updated_at = ? WHERE id = ? AND status = 'done'",
      ),
      update: db.prepare(
        "UPDATE reminders SET message = ?, schedule = ?, targets = ?, next_at = ?, updated_at = ? WHERE id = ?",
      ),
      lastOccurrence: db.prepare(
        "SELECT * FROM reminder_occurrences WHERE reminder_id = ? ORDER BY fired_at DESC, id DESC LIMIT 1",
      ),
      finishAction: db.prepare(
        "UPDATE reminder_occurrences SET action_status = ?, action_outcome = ? WHERE id = ? AND action_status = 'running'",
      ),
      runningActions: db.prepare(
        "SELECT * FROM reminder_occurrences WHERE action_status = 'running' ORDER BY id",
      ),
      deliveriesOf: db.prepare("SELECT * FROM reminder_deliveries WHERE occurrence_id = ? ORDER BY id"),
    };
  }

  create(input: NewReminder, now: number): Reminder {
    const id = `r_${randomBytes(4).toString("hex")}`;
    this.statements.insert.run(
      id,
      input.message,
      JSON.stringify(input.schedule),
      JSON.stringify(input.targets),
      input.nextAt,
      now,
      now,
      input.createdBy ?? "",
      input.conversationId ?? null,
      input.action ? JSON.stringify(input.action) : null,
    );
    return this.get(id)!;
  }

  get(id: string): Reminder | undefined {
    const row = this.statements.get.get(id) as ReminderRow | undefined;
    return row && toReminder(row);
  }

  all(): Reminder[] {
    return (this.statements.all.all() as ReminderRow[]).map(toReminder);
  }

  active(): Reminder[] {
    return (this.statements.active.all() as ReminderRow[]).map(toReminder);
  }

  update(
    id: string,
    change: Pick<Reminder, "message" | "schedule" | "targets" | "nextAt">,
    now: number,
  ): void {
    const { message, schedule, targets, nextAt } = change;
    this.statements.update.run(message, JSON.stringify(schedule), JSON.stringify(targets), nextAt, now, id);
  }

  setStatus(id: string, status: ReminderStatus, now: number): boolean {
    return this.statements.setStatus.run(status, now, id).changes > 0;
  }

  /** Skips the next occurrence of a recurring reminder. */
  setNext(id: string, nextAt: number | null, now: number): void {
    this.statements.setNext.run(nextAt, now, id);
  }

  /** The reminder comes again at `until` (a done one-off is active again for it). */
  snooze(id: string, until: number, now: number): boolean {
    return this.db.transaction(() => {
      this.statements.reactivate.run(now, id);
      return this.statements.snooze.run(until, now, id).changes > 0;
    })();
  }

  /** Claims one due time; undefined when another claim (a racing timer, an earlier run) won. */
  claim(input: ClaimInput): Claim | undefined {
    return this.db.transaction(() => {
      const { reminderId, dueAt, now } = input;
      const expected = input.expected ?? dueAt;
      const moved = input.snooze
        ? this.statements.advanceSnooze.run(now, reminderId, expected)
        : input.kind === "trigger"
          ? this.statements.advanceTrigger.run(now, input.finish ? 1 : 0, reminderId)
          : this.statements.advance.run(
              input.nextAt,
              now,
              input.nextAt === null ? 1 : 0,
              reminderId,
              expected,
            );
      if (moved.changes === 0) return undefined;
      const row = this.statements.insertOccurrence.get(
        reminderId,
        dueAt,
        now,
        input.kind,
        input.skipped ?? 0,
        input.action?.status ?? null,
        null,
      ) as OccurrenceRow | undefined;
      if (!row) return undefined;
      // A running action's deliveries are recorded with its outcome (finishAction).
      const targets = input.action?.status === "running" ? [] : input.targets;
      const deliveries = targets.map((target) =>
        toDelivery(this.statements.insertDelivery.get(row.id, target) as DeliveryRow),
      );
      return { occurrence: toOccurrence(row), deliveries };
    })();
  }

  /**
   * A running action's outcome, and the deliveries that tell it, in one transaction; none when the
   * occurrence was settled already (a restart reported it).
   */
  finishAction(
    occurrenceId: number,
    status: "done" | "failed" | "unknown" | "skipped",
    outcome: string,
    targets: string[],
  ): Delivery[] {
    return this.db.transaction(() => {
      if (this.statements.finishAction.run(status, outcome, occurrenceId).changes === 0) return [];
      return targets.map((target) =>
        toDelivery(this.statements.insertDelivery.get(occurrenceId, target) as DeliveryRow),
      );
    })();
  }

  /** Occurrences whose action was under way when Cyrene stopped: whether it happened is unknown. */
  runningActions(): Occurrence[] {
    return (this.statements.runningActions.all() as OccurrenceRow[]).map(toOccurrence);
  }

  /** The newest occurrence of a reminder with its deliveries: its last delivery outcome. */
  lastDelivery(reminderId: string): Claim | undefined {
    const row = this.statements.lastOccurrence.get(reminderId) as OccurrenceRow | undefined;
    if (!row) return undefined;
    const deliveries = (this.statements.deliveriesOf.all(row.id) as DeliveryRow[]).map(toDelivery);
    return { occurrence: toOccurrence(row), deliveries };
  }
}
