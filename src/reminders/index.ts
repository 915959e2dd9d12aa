import type { Config } from "../config/schema.js";
import type { HomeAssistant } from "../ha/index.js";
import type { HomeTime } from "../time/home-time.js";
import type { Logger } from "../logging/logger.js";
import type { Notifier } from "../notify/notifier.js";
import type { Db } from "../store/database.js";
import { ScheduledActions } from "./actions.js";
import { DEFAULT_RETRY_DELAYS_MS, DeliveryQueue } from "./delivery.js";
import { ACTION_DONE, ACTION_SNOOZE } from "./notice.js";
import { ReminderScheduler, type TriggerWatcher } from "./scheduler.js";
import { DEFAULT_SNOOZE_MS, ReminderService } from "./service.js";
import { ReminderStore } from "./store.js";
import type { Targets } from "./types.js";

export type { ReminderService } from "./service.js";
export type { Claim, ReminderStore } from "./store.js";
export { PERSISTENT, type Reminder, type ScheduledAction } from "./types.js";
export { ACTION_GRACE_MS, actionWords, type ActionResult, type ActionRunner } from "./actions.js";

export interface ReminderSettings {
  defaultTargets: Targets;
  /** Later than this a reminder is delivered as missed. */
  missedAfterMs: number;
  retryDelaysMs?: number[];
  /** How long the phone's Snooze button puts a reminder off (default 10 min). */
  snoozeMs?: number;
}

export interface Reminders {
  service: ReminderService;
  store: ReminderStore;
  scheduler: ReminderScheduler;
  deliveries: DeliveryQueue;
  /** Scheduled actions at their time: runs them through the runner it is given (`use`). */
  actions: ScheduledActions;
  /** Arms everything, resumes pending deliveries, listens to HA (reconnects, phone buttons). */
  start(): void;
  stop(): Promise<void>;
}

/** The reminder settings as configured (the notify targets are normalized by the config schema). */
export function reminderSettings({ reminders: config }: Config): ReminderSettings {
  return {
    defaultTargets: { notify: config.notify, speak: config.speak },
    missedAfterMs: config.missedAfterMs,
    snoozeMs: config.snoozeMs,
  };
}

/** Builds the reminders: store, scheduler, delivery ledger, and their wiring to Home Assistant. */
export function createReminders(deps: {
  db: Db;
  ha: HomeAssistant;
  notifier: Notifier;
  time: HomeTime;
  logger: Logger;
  settings: ReminderSettings;
}): Reminders {
  const { ha, time: clock, settings } = deps;
  const logger = deps.logger.child({ component: "reminders" });
  const store = new ReminderStore(deps.db);
  const lateness = { lateAfterMs: 60_000, missedAfterMs: settings.missedAfterMs };
  const snoozeMs = settings.snoozeMs ?? DEFAULT_SNOOZE_MS;
  const deliveries = new DeliveryQueue(store, deps.notifier, clock, logger, {
    ...lateness,
    retryDelaysMs: settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    snoozeMs,
  });
  const triggers: TriggerWatcher = {
    watch: (reminder, schedule, onFire) =>
      ha.subscribeTrigger(schedule.trigger, onFire, (error) =>
        logger.error(
          { reminderId: reminder.id, error: error.message },
          "Home Assistant refused the reminder's trigger",
        ),
      ),
  };
  const actions = new ScheduledActions(store, deliveries, clock, logger);
  const scheduler = new ReminderScheduler(store, deliveries, actions, triggers, clock, logger, lateness);
  const service = new ReminderService(store, scheduler, ha, deps.notifier, clock, {
    defaultTargets: settings.defaultTargets,
    defaultTime: { hour: 9, minute: 0 },
    snoozeMs,
  });
  const stops: (() => void)[] = [];

  return {
    service,
    store,
    scheduler,
    deliveries,
    actions,
    start() {
      scheduler.start();
      stops.push(ha.onStatus((status) => status.state === "ready" && deliveries.retryNow()));
      const actions = ha.subscribeEvents("mobile_app_notification_action", (data) => {
        const [action, id] = String(data.action ?? "").split(":");
        if (!id || !store.get(id)) return;
        if (action === ACTION_SNOOZE) {
          try {
            service.snooze(id);
            logger.info({ reminderId: id }, "reminder snoozed from a phone");
          } catch (error) {
            // A deleted reminder's old notification: nothing to snooze.
            logger.warn({ reminderId: id, error: (error as Error).message }, "could not snooze");
          }
        } else if (action === ACTION_DONE) {
          void service
            .done(id)
            .catch((error: unknown) => logger.warn({ err: error, reminderId: id }, "could not dismiss"));
        }
      });
      stops.push(() => actions.close());
    },
    async stop() {
      for (const stop of stops.splice(0)) stop();
      scheduler.stop();
      await actions.settle();
      deliveries.stop();
      await deliveries.settle();
    },
  };
}
