import { DateTime } from "luxon";
import type { Logger } from "../logging/logger.js";
import type { HomeTime } from "../time/home-time.js";
import { detectLanguage } from "../words/detect.js";
import { packFor } from "../words/packs.js";
import { spokenPack } from "../words/speech-for.js";
import type { ScheduledActionWords } from "../words/scheduled-actions.js";
import type { DeliveryQueue } from "./delivery.js";
import type { ReminderStore } from "./store.js";
import { PERSISTENT, type Occurrence, type Reminder, type ScheduledAction } from "./types.js";

/**
 * How late a scheduled action may still run: one missed while Cyrene was down runs if it is at most this
 * late, and is reported, not run, beyond it (heating switched on three hours late is worse than not at all).
 */
export const ACTION_GRACE_MS = 5 * 60_000;

/** What carrying an action out came to: the person is told `text`. */
export interface ActionResult {
  ok: boolean;
  /** Why it was not done, or what was done, in a sentence (HA's and iot_control's words). */
  detail: string;
  /** The satellite to say it on, when the one that heard the command can speak now. */
  speakOn?: string;
}

/**
 * Carries a scheduled action out at its time (composed outside this folder: through the one tool-call
 * runtime, under an unattended policy). Never rejects: a failure is a result that says why.
 */
export interface ActionRunner {
  run(reminder: Reminder, action: ScheduledAction, occurrence: Occurrence): Promise<ActionResult>;
  /** Tells the conversation the action was set in how it went. */
  record(reminder: Reminder, text: string): void;
}

/** A reminder with an action: the words it speaks in. */
export function actionWords(action: ScheduledAction, message: string): ScheduledActionWords {
  return (packFor(action.language) ?? spokenPack(detectLanguage(message))).scheduledActions;
}

/**
 * Runs the claimed occurrences of scheduled actions and tells their outcome: the occurrence is claimed
 * "running" in SQLite before the call (so a restart never runs it again), its outcome and the deliveries
 * that tell it are stored together after. One still running at start-up was cut off by a crash: whether
 * HA got the call is unknown, and the person is told so; it is never run again.
 */
export class ScheduledActions {
  private runner: ActionRunner | undefined;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly store: ReminderStore,
    private readonly deliveries: DeliveryQueue,
    private readonly clock: Pick<HomeTime, "now" | "zone">,
    private readonly logger: Logger,
  ) {}

  /** The runner, once the tool-call runtime exists (compose builds it after the reminders). */
  use(runner: ActionRunner): void {
    this.runner = runner;
  }

  /** Reports the actions a crash cut off. */
  resume(): void {
    for (const occurrence of this.store.runningActions()) {
      const reminder = this.store.get(occurrence.reminderId);
      if (!reminder?.action) continue;
      const text = actionWords(reminder.action, reminder.message).unknown(reminder.action.description);
      this.logger.warn(
        { reminderId: reminder.id },
        "a scheduled action was cut off by a restart; not run again",
      );
      this.finish(reminder, occurrence, "unknown", text);
    }
  }

  /** An occurrence missed by more than the grace window: not run, and the person is told. */
  missed(reminder: Reminder, action: ScheduledAction, occurrence: Occurrence): void {
    const due = DateTime.fromMillis(occurrence.dueAt, { zone: this.clock.zone() }).toFormat(
      "yyyy-MM-dd HH:mm",
    );
    const text = actionWords(action, reminder.message).missed(action.description, due);
    this.logger.warn(
      { reminderId: reminder.id },
      "a scheduled action was missed by more than the grace window; not run",
    );
    this.finish(reminder, occurrence, "skipped", text);
  }

  /** Carries the claimed occurrence out, then tells how it went. */
  perform(reminder: Reminder, action: ScheduledAction, occurrence: Occurrence): void {
    const work = this.carryOut(reminder, action, occurrence).finally(() => this.running.delete(work));
    this.running.add(work);
  }

  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private async carryOut(reminder: Reminder, action: ScheduledAction, occurrence: Occurrence): Promise<void> {
    const words = actionWords(action, reminder.message);
    const log = this.logger.child({ reminderId: reminder.id });
    let result: ActionResult;
    try {
      result = this.runner
        ? await this.runner.run(reminder, action, occurrence)
        : { ok: false, detail: "Cyrene's tools are not running." };
    } catch (error) {
      result = { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    log.info({ ok: result.ok, detail: result.detail }, "scheduled action carried out");
    const text = result.ok ? words.done(result.detail) : words.failed(action.description, result.detail);
    this.finish(reminder, occurrence, result.ok ? "done" : "failed", text, result.speakOn);
  }

  private finish(
    reminder: Reminder,
    occurrence: Occurrence,
    status: "done" | "failed" | "unknown" | "skipped",
    text: string,
    speakOn?: string,
  ): void {
    const targets = speakOn
      ? [PERSISTENT, speakOn]
      : [PERSISTENT, ...reminder.targets.notify, ...reminder.targets.speak];
    const deliveries = this.store.finishAction(occurrence.id, status, text, targets);
    this.deliveries.send(deliveries);
    if (deliveries.length) this.runner?.record(reminder, text);
  }
}
