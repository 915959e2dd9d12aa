import { DateTime } from "luxon";
import type { Clock } from "../clock.js";
import type { HomeAssistant } from "../ha/index.js";
import { clearWinner, resolve } from "../ha/resolve.js";
import { InputError } from "../input-error.js";
import type { Notifier } from "../notify/notifier.js";
import { resolveDateTime } from "../time/parse.js";
import { noticeKey } from "./notice.js";
import { assertHasFuture, nextOccurrence, toRrule } from "./recurrence.js";
import type { ReminderScheduler } from "./scheduler.js";
import type { ReminderStore } from "./store.js";
import type { Reminder, Schedule, Targets, TimeSchedule, TriggerSchedule } from "./types.js";

/** "Remind me when …": a state or a number of one entity, maybe held for a while. */
export interface WhenState {
  /** The entity, by id or by name in the user's words. */
  entity: string;
  to?: string;
  from?: string;
  above?: number;
  below?: number;
  forMinutes?: number;
  everyTime?: boolean;
}

export interface CreateInput {
  message: string;
  /** ISO local time or a phrase ("明天下午三点", "in 20 minutes"); the first time of a recurrence. */
  at?: string;
  /** daily, weekdays, weekly on MO,FR, monthly, yearly, or an RRULE. */
  repeat?: string;
  when?: WhenState;
  notify?: string[];
  speak?: string[];
  createdBy?: string;
  conversationId?: string;
}

export interface ReminderServiceOptions {
  zone: () => string;
  /** Where reminders go when the request names no target. */
  defaultTargets: Targets;
  /** Time of day for a reminder given a day but no time. */
  defaultTime: { hour: number; minute: number };
}

const MAX_MESSAGE = 500;
const SNOOZE_MS = 10 * 60_000;

/**
 * Reminders as the tools and the HTTP API see them: every input checked the same way, every change
 * stored and armed at once. Refusals are InputErrors whose message says what to send instead.
 */
export class ReminderService {
  constructor(
    private readonly store: ReminderStore,
    private readonly scheduler: ReminderScheduler,
    private readonly ha: HomeAssistant,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
    private readonly options: ReminderServiceOptions,
  ) {}

  async create(input: CreateInput): Promise<{ reminder: Reminder; notes: string[] }> {
    this.needHa();
    const message = input.message?.trim() ?? "";
    if (!message) throw new InputError("A reminder needs a message: what to remind of (提醒内容).");
    if (message.length > MAX_MESSAGE)
      throw new InputError(`The message is too long (at most ${MAX_MESSAGE} characters).`);
    const notes: string[] = [];
    const { schedule, nextAt } = await this.scheduleOf(input, notes);
    const targets = await this.targetsOf(input, notes);
    const reminder = this.store.create(
      {
        message,
        schedule,
        targets,
        nextAt,
        createdBy: input.createdBy,
        conversationId: input.conversationId,
      },
      this.clock.now(),
    );
    this.scheduler.arm(reminder);
    return { reminder, notes };
  }

  /** Changes the message, the time or the targets of a reminder (the HTTP API's PATCH). */
  async update(id: string, change: Partial<CreateInput>): Promise<Reminder> {
    const current = this.get(id);
    if (current.status !== "active")
      throw new InputError(`Reminder ${id} is ${current.status}; create a new one instead.`);
    const message = change.message?.trim() || current.message;
    let { schedule, nextAt } = current;
    if (change.at !== undefined || change.repeat !== undefined || change.when !== undefined) {
      ({ schedule, nextAt } = await this.scheduleOf({ ...change, message }, []));
    }
    const targets =
      change.notify !== undefined || change.speak !== undefined
        ? await this.targetsOf({ notify: change.notify ?? [], speak: change.speak ?? [] }, [])
        : current.targets;
    this.store.update(id, { message, schedule, targets, nextAt }, this.clock.now());
    const updated = this.get(id);
    this.scheduler.arm(updated);
    return updated;
  }

  get(id: string): Reminder {
    const reminder = this.store.get(id.trim());
    if (!reminder)
      throw new InputError(`No reminder with id ${id}. List them to see the ids (查看提醒列表).`);
    return reminder;
  }

  list(): Reminder[] {
    return this.store.all();
  }

  /** Cancels a whole series, or only the next occurrence of a recurring one. */
  cancel(
    id: string,
    only: "series" | "next" = "series",
  ): { reminder: Reminder; cancelled: "series" | "next" } {
    const reminder = this.get(id);
    const now = this.clock.now();
    if (
      only === "next" &&
      reminder.schedule.kind === "time" &&
      reminder.schedule.rrule &&
      reminder.nextAt !== null
    ) {
      const following = nextOccurrence(reminder.schedule, reminder.nextAt) ?? null;
      this.store.setNext(id, following, now);
      if (following === null) this.store.setStatus(id, "done", now);
      const updated = this.get(id);
      this.scheduler.arm(updated);
      return { reminder: updated, cancelled: "next" };
    }
    this.store.setStatus(id, "cancelled", now);
    this.scheduler.disarm(id);
    return { reminder: this.get(id), cancelled: "series" };
  }

  snooze(id: string, ms = SNOOZE_MS): Reminder {
    const now = this.clock.now();
    if (!this.store.snooze(id, now + ms, now)) throw new InputError(`Reminder ${id} cannot be snoozed.`);
    const reminder = this.get(id);
    this.scheduler.arm(reminder);
    return reminder;
  }

  /** The user pressed "Done": its notification goes. */
  async done(id: string): Promise<void> {
    await this.notifier.dismiss(noticeKey(id));
  }

  private needHa(): void {
    if (this.ha.status().state === "not_configured") {
      throw new InputError(
        "Reminders arrive as Home Assistant notifications, and Home Assistant is not configured here " +
          "(set CYRENE_HA_URL and CYRENE_HA_TOKEN, or run Cyrene as the add-on). No reminder was set.",
      );
    }
  }

  private async scheduleOf(
    input: CreateInput,
    notes: string[],
  ): Promise<{ schedule: Schedule; nextAt: number | null }> {
    if (input.when && input.at)
      throw new InputError("Give either `at` (a time) or `when` (something in the home), not both.");
    if (input.when) return { schedule: await this.triggerOf(input.when), nextAt: null };
    if (!input.at?.trim()) {
      throw new InputError(
        'A reminder needs `at` (a time: "2026-12-03T15:00", "明天下午三点", "in 20 minutes") or `when` (an entity state).',
      );
    }
    const zone = this.options.zone();
    const now = DateTime.fromMillis(this.clock.now(), { zone });
    const resolved = await resolveDateTime(input.at, zone, now);
    let start = resolved.value.setZone(zone).startOf("second");
    if (!resolved.timeSpecified) {
      start = start.set({ ...this.options.defaultTime, second: 0 });
      notes.push(`No time of day was given: set for ${start.toFormat("HH:mm")}.`);
    }
    const schedule: TimeSchedule = {
      kind: "time",
      zone,
      start: start.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      ...(input.repeat?.trim() ? { rrule: toRrule(input.repeat) } : {}),
    };
    if (!schedule.rrule) {
      if (start.toMillis() <= now.toMillis()) {
        throw new InputError(
          `${start.toFormat("yyyy-MM-dd HH:mm")} (${zone}) is already past; it is ${now.toFormat("yyyy-MM-dd HH:mm")} ` +
            "now. Send a future time (这个时间已经过去了，请给一个将来的时间).",
        );
      }
      return { schedule, nextAt: start.toMillis() };
    }
    return { schedule, nextAt: assertHasFuture(schedule, now.toMillis()) };
  }

  private async triggerOf(when: WhenState): Promise<TriggerSchedule> {
    const home = await this.ha.snapshot().catch((error: unknown) => {
      throw new InputError(
        `Home Assistant is unavailable right now, so "${when.entity}" cannot be found (${(error as Error).message}). Try again shortly.`,
      );
    });
    const resolution = resolve(home.directory, when.entity);
    const best = resolution.candidates[0];
    if (
      resolution.kind === "none" ||
      !best ||
      (resolution.candidates.length > 1 && !clearWinner(resolution.candidates))
    ) {
      const names = resolution.candidates.slice(0, 5).map((c) => `${c.entity.name} (${c.entity.entityId})`);
      throw new InputError(
        names.length
          ? `"${when.entity}" could mean: ${names.join(", ")}. Send the entity id of the one meant.`
          : `No entity matches "${when.entity}". Ask iot_query for it first.`,
      );
    }
    const entity = best.entity;
    const numeric = when.above !== undefined || when.below !== undefined;
    if (numeric && (when.to !== undefined || when.from !== undefined)) {
      throw new InputError("Use either above/below (a number) or to/from (a state), not both.");
    }
    if (!numeric && when.to === undefined && when.from === undefined) {
      throw new InputError(
        'Say what should happen: `to` a state ("on", "home", "open") or `above`/`below` a number.',
      );
    }
    const minutes = when.forMinutes;
    if (minutes !== undefined && !(minutes > 0 && minutes <= 24 * 60)) {
      throw new InputError("for_minutes must be between 0 and 1440 (a day).");
    }
    const trigger: Record<string, unknown> = numeric
      ? { platform: "numeric_state", entity_id: entity.entityId, ...pick(when, "above", "below") }
      : { platform: "state", entity_id: entity.entityId, ...pick(when, "to", "from") };
    if (minutes) trigger.for = { seconds: Math.round(minutes * 60) };
    const condition = numeric
      ? [when.above !== undefined && `above ${when.above}`, when.below !== undefined && `below ${when.below}`]
          .filter(Boolean)
          .join(" and ")
      : [when.from !== undefined && `from ${when.from}`, when.to !== undefined && `to ${when.to}`]
          .filter(Boolean)
          .join(" ");
    const held = minutes ? ` for ${minutes} min` : "";
    return {
      kind: "trigger",
      trigger,
      everyTime: when.everyTime ?? false,
      description: `${entity.name} (${entity.entityId}) ${condition}${held}`,
    };
  }

  private async targetsOf(input: Pick<CreateInput, "notify" | "speak">, notes: string[]): Promise<Targets> {
    const asked = { notify: clean(input.notify), speak: clean(input.speak) };
    if (!asked.notify.length && !asked.speak.length) return this.options.defaultTargets;
    const known = await this.notifier.targets().catch(() => undefined);
    if (!known) {
      notes.push("Home Assistant is unavailable, so the targets could not be checked now.");
      return asked;
    }
    const unknownNotify = asked.notify.filter((t) => !known.notify.includes(withDomain(t, "notify")));
    const unknownSpeak = asked.speak.filter((t) => !known.speak.includes(t));
    if (unknownNotify.length || unknownSpeak.length) {
      throw new InputError(
        `Unknown target ${[...unknownNotify, ...unknownSpeak].join(", ")}. ` +
          `Notify targets: ${known.notify.join(", ") || "none"}. Speakers: ${known.speak.join(", ") || "none"}.`,
      );
    }
    return { notify: asked.notify.map((t) => withDomain(t, "notify")), speak: asked.speak };
  }
}

function clean(list: string[] | undefined): string[] {
  return [...new Set((list ?? []).map((item) => item.trim()).filter(Boolean))];
}

function withDomain(target: string, domain: string): string {
  return target.includes(".") ? target : `${domain}.${target}`;
}

function pick<T extends object, K extends keyof T>(object: T, ...keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (object[key] !== undefined) out[key] = object[key];
  return out;
}
