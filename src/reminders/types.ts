/** A reminder at a time: once, or on a recurrence (an RRULE over the home's wall-clock time). */
export interface TimeSchedule {
  kind: "time";
  /** IANA zone the wall-clock times are read in. */
  zone: string;
  /** The first occurrence as local wall-clock time, "2026-12-03T15:00:00" (no offset). */
  start: string;
  /** RFC 5545 RRULE body (FREQ=…;…) for a recurring reminder. */
  rrule?: string;
}

/** A reminder when something happens in the home, evaluated by HA's own trigger engine. */
export interface TriggerSchedule {
  kind: "trigger";
  /** The HA trigger (state or numeric_state, maybe with `for`). */
  trigger: Record<string, unknown>;
  /** Every time it fires, or only the first time. */
  everyTime: boolean;
  /** In words, for lists and notifications: "Washer power below 5 W for 2 min". */
  description: string;
}

export type Schedule = TimeSchedule | TriggerSchedule;

/** Where a reminder goes besides the persistent notification it always gets. */
export interface Targets {
  /** Legacy notify services ("notify.mobile_app_pixel") or notify entities. */
  notify: string[];
  /** Media players (tts.speak) or Assist satellites (assist_satellite.announce). */
  speak: string[];
}

export type ReminderStatus = "active" | "done" | "cancelled";

export interface Reminder {
  id: string;
  message: string;
  schedule: Schedule;
  targets: Targets;
  status: ReminderStatus;
  /** The next time it is due (ms); absent for triggers and for finished reminders. */
  nextAt: number | null;
  /** A snoozed reminder comes again at this time, besides its schedule. */
  snoozedUntil: number | null;
  fired: number;
  createdAt: number;
  /** Who asked for it (a person's name or id when the entry point knows one). */
  createdBy: string;
  conversationId: string | null;
  /** A scheduled action: the reminder changes the home at its time instead of only telling. */
  action?: ScheduledAction;
}

/**
 * A change to the home at a later time, resolved and checked when it was set: the service, the exact
 * entities (never words again at run time: a device gone or renamed fails instead of matching another).
 */
export interface ScheduledAction {
  domain: string;
  service: string;
  entityIds: string[];
  data: Record<string, unknown>;
  /** What will happen, as the person was told: "turn on Bedroom Light (light.bedroom_lamp)". */
  description: string;
  /** The person said yes to it when it was set (a risky action: unlock, garage, gate, disarm, sensitive). */
  confirmed?: boolean;
  /** The Assist satellite that heard the words: the outcome is spoken there when it can speak. */
  satellite?: string;
  /** The language the person spoke, for what they are told at run time. */
  language?: string;
}

/**
 * How an occurrence's action went: running (claimed, the call under way: a crash leaves it so, and the
 * next start reports it as unknown), done, failed, skipped (missed by more than the grace window), unknown.
 */
export type ActionStatus = "running" | "done" | "failed" | "skipped" | "unknown";

/** How an occurrence reached the user. */
export type OccurrenceKind = "on_time" | "late" | "missed" | "snoozed" | "trigger";

export interface Occurrence {
  id: number;
  reminderId: string;
  dueAt: number;
  firedAt: number;
  kind: OccurrenceKind;
  /** Occurrences of a recurring reminder that passed while nothing could deliver them, folded into this one. */
  skipped: number;
  /** A scheduled action's outcome: its status and what the person is told. */
  action?: { status: ActionStatus; outcome: string | null };
}

/**
 * pending → sending (the attempt is under way) → sent, or pending again (retry), or failed (given up).
 * A delivery still "sending" when Cyrene starts was cut off by a crash: its outcome is unknown. It is
 * sent again (`unsure`) where the target drops a repeat of the same notice id, else it ends "unknown".
 */
export type DeliveryStatus = "pending" | "sending" | "sent" | "failed" | "unknown";

export interface Delivery {
  id: number;
  occurrenceId: number;
  target: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  nextTryAt: number | null;
  sentAt: number | null;
  /** An earlier attempt may have reached the target (Cyrene stopped during it). */
  unsure: boolean;
}

/** The target every reminder goes to: a persistent notification in HA, which can be dismissed. */
export const PERSISTENT = "persistent_notification";
