import type {
  ActionStatus,
  Delivery,
  Occurrence,
  OccurrenceKind,
  Reminder,
  ReminderStatus,
  Schedule,
  ScheduledAction,
  Targets,
} from "./types.js";

// The reminder tables' rows as SQLite returns them, and the values they stand for.

export interface ReminderRow {
  id: string;
  message: string;
  schedule: string;
  targets: string;
  status: ReminderStatus;
  next_at: number | null;
  snoozed_until: number | null;
  fired: number;
  created_at: number;
  created_by: string;
  conversation_id: string | null;
  action: string | null;
}

export interface OccurrenceRow {
  id: number;
  reminder_id: string;
  due_at: number;
  fired_at: number;
  kind: OccurrenceKind;
  skipped: number;
  action_status: ActionStatus | null;
  action_outcome: string | null;
}

export interface DeliveryRow {
  id: number;
  occurrence_id: number;
  target: string;
  status: Delivery["status"];
  attempts: number;
  last_error: string | null;
  next_try_at: number | null;
  sent_at: number | null;
  unsure: number;
}

export function toReminder(row: ReminderRow): Reminder {
  return {
    id: row.id,
    message: row.message,
    schedule: JSON.parse(row.schedule) as Schedule,
    targets: JSON.parse(row.targets) as Targets,
    status: row.status,
    nextAt: row.next_at,
    snoozedUntil: row.snoozed_until,
    fired: row.fired,
    createdAt: row.created_at,
    createdBy: row.created_by,
    conversationId: row.conversation_id,
    ...(row.action ? { action: JSON.parse(row.action) as ScheduledAction } : {}),
  };
}

export function toOccurrence(row: OccurrenceRow): Occurrence {
  return {
    id: row.id,
    reminderId: row.reminder_id,
    dueAt: row.due_at,
    firedAt: row.fired_at,
    kind: row.kind,
    skipped: row.skipped,
    ...(row.action_status ? { action: { status: row.action_status, outcome: row.action_outcome } } : {}),
  };
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    occurrenceId: row.occurrence_id,
    target: row.target,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextTryAt: row.next_try_at,
    sentAt: row.sent_at,
    unsure: row.unsure === 1,
  };
}
