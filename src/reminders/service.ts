import { DateTime } from "luxon";
import type { HomeTime } from "../time/home-time.js";
import type { HomeAssistant } from "../ha/index.js";
import { InputError } from "../input-error.js";
import type { Notifier } from "../notify/notifier.js";
import { PHRASE_EXAMPLES, resolveDateTime } from "../time/parse.js";
import { withTimeout } from "../time/timeout.js";
import { noticeKey } from "./notice.js";
import { assertHasFuture, isRepeat, nextOccurrence, repeatAtStart, toRrule } from "./recurrence.js";
import type { ReminderScheduler } from "./scheduler.js";
import type { ReminderStore } from "./store.js";
import { triggerScheduleOf, type WhenState } from "./trigger-input.js";
import { readSunTime, sunInstant } from "./sun.js";
import type { Reminder, Schedule, ScheduledAction, Targets, TimeSchedule } from "./types.js";

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
  /** Change the home at that time (resolved and checked by the tool that sets it) instead of only telling. */
  action?: ScheduledAction;
  /** The language the times are said in, when the turn knows it: its reading of a phrase wins a tie. */
  language?: string;
}

export interface ReminderServiceOptions {
  /** Where reminders go when the request names no target. */
  defaultTargets: Targets;
  /** Time of day for a reminder given a day but no time. */
  defaultTime: { hour: number; minute: number };
  /** How long the phone's Snooze button puts a reminder off (default 10 min). */
  snoozeMs?: number;
}

const MAX_MESSAGE = 500;
export const DEFAULT_SNOOZE_MS = 10 * 60_000;
/** How long creating a trigger reminder waits for HA to take the trigger before answering anyway. */
const ARM_WAIT_MS = 5_000;

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
    private readonly clock: HomeTime,
    private readonly options: ReminderServiceOptions,
  ) {}

  async create(input: CreateInput): Promise<{ reminder: Reminder; notes: string[] }> {
    this.needHa();
    const message = input.message?.trim() || input.action?.description || "";
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
        action: input.action,
      },
      this.clock.now(),
    );
    this.scheduler.arm(reminder);
    if (schedule.kind === "trigger") await this.confirmArmed(reminder, notes);
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
      ({ schedule, nextAt } = await this.scheduleOf({ ...change, message, action: current.action }, []));
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
      throw new InputError(
        `No reminder with id ${id}. List them to see the ids (查看提醒列表).`,
        "not_found",
      );
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

  snooze(id: string, ms = this.options.snoozeMs ?? DEFAULT_SNOOZE_MS): Reminder {
    if (this.get(id).action) throw new InputError(`${id} is a scheduled action; it is not snoozed.`);
    const now = this.clock.now();
    if (!this.store.snooze(id, now + ms, now)) throw new InputError(`Reminder ${id} cannot be snoozed.`);
    const reminder = this.get(id);
    this.scheduler.arm(reminder);
    return reminder;
  }

  /** The user pressed "Done": the notification of its newest occurrence goes. */
  async done(id: string): Promise<void> {
    const last = this.store.lastDelivery(id);
    if (last) await this.notifier.dismiss(noticeKey(id, last.occurrence.id));
  }

  /**
   * A trigger reminder is real only once HA's trigger engine has it: HA refusing it means no reminder
   * (and the LLM is told why); HA not answering in time leaves it armed for when HA does.
   */
  private async confirmArmed(reminder: Reminder, notes: string[]): Promise<void> {
    const armed = this.scheduler.armed(reminder.id);
    if (!armed) return;
    const outcome = await withTimeout(
      armed.then(
        () => "armed" as const,
        (error: Error) => error,
      ),
      ARM_WAIT_MS,
      () => "waiting" as const,
      { timers: this.clock },
    );
    if (outcome === "waiting") {
      notes.push("Home Assistant has not confirmed the trigger yet; it is set up as soon as HA answers.");
    } else if (outcome instanceof Error) {
      this.store.setStatus(reminder.id, "cancelled", this.clock.now());
      this.scheduler.disarm(reminder.id);
      throw new InputError(
        `Home Assistant refused the trigger (${outcome.message}), so no reminder was set. ` +
          "Check the entity and the condition (to/above/below) and try again.",
      );
    }
  }

  private needHa(): void {
    if (this.ha.status().state === "not_configured") {
      throw new InputError(
        "Reminders arrive as Home Assistant notifications, and Home Assistant is not configured here " +
          "(set CYRENE_HA_URL and CYRENE_HA_TOKEN, or run Cyrene as the add-on). No reminder was set.",
      );
    }
  }

  /** When a reminder with these times would first come, checked as create checks it (a past time refused). */
  async firstTime(
    input: Pick<CreateInput, "at" | "repeat" | "when" | "action" | "language">,
  ): Promise<number | null> {
    return (await this.scheduleOf({ message: "", ...input }, [])).nextAt;
  }

  private async scheduleOf(
    input: CreateInput,
    notes: string[],
  ): Promise<{ schedule: Schedule; nextAt: number | null }> {
    if (input.when && input.at)
      throw new InputError("Give either `at` (a time) or `when` (something in the home), not both.");
    const zone = this.clock.zone();
    const now = DateTime.fromMillis(this.clock.now(), { zone });
    const { at, repeat } = input.when ? input : await this.timesOf(input, zone, now);
    if (input.action && (input.when || repeat?.trim()))
      throw new InputError(
        "A scheduled action runs once, at a time (`at`); a repeating one or one on an event is a home rule, not a reminder.",
      );
    if (input.when) return { schedule: await triggerScheduleOf(this.ha, input.when), nextAt: null };
    if (!at?.trim() && !repeat?.trim()) {
      throw new InputError(
        `A reminder needs \`at\` (a time: "2026-12-03T15:00", ${PHRASE_EXAMPLES}) or \`when\` (an entity state).`,
      );
    }
    const sun = repeat?.trim() || !at ? undefined : readSunTime(at);
    if (sun) return this.sunSchedule(await sunInstant(this.ha, sun), zone, now);
    // A repeat with no time ("jeden Montag"): the day's default time, from today.
    const resolved = at?.trim()
      ? await resolveDateTime(at, zone, now, input.language)
      : { value: now, kind: "now" as const, timeSpecified: false };
    let start = resolved.value.setZone(zone).startOf("second");
    if (!resolved.timeSpecified) {
      start = start.set({ ...this.options.defaultTime, second: 0 });
      notes.push(`No time of day was given: set for ${start.toFormat("HH:mm")}.`);
    }
    // A local time written out keeps its wall-clock reading, which a DST change can make a time that
    // does not exist (02:30 on the spring-forward day: luxon has moved it to 03:30) or one that exists
    // twice. The schedule places it as recurrences are placed: past the gap that day only (a daily
    // 02:30 stays 02:30 on the other days), the first of the two instants when ambiguous. A relative
    // time ("in 20 minutes") is an instant: it stays one.
    const written = resolved.timeSpecified && resolved.kind === "iso" ? wallClockOf(at!) : undefined;
    const schedule: TimeSchedule = {
      kind: "time",
      zone,
      start: written ?? start.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      ...(repeat?.trim() ? { rrule: toRrule(repeat) } : {}),
    };
    if (!schedule.rrule) {
      const at = written ? nextOccurrence(schedule, -Infinity)! : start.toMillis();
      if (at <= now.toMillis()) {
        throw new InputError(
          `${DateTime.fromMillis(at, { zone }).toFormat("yyyy-MM-dd HH:mm")} (${zone}) is already past; it is ` +
            `${now.toFormat("yyyy-MM-dd HH:mm")} now. Send a future time (这个时间已经过去了，请给一个将来的时间).`,
        );
      }
      return { schedule, nextAt: at };
    }
    return { schedule, nextAt: assertHasFuture(schedule, now.toMillis()) };
  }

  /**
   * `at` and `repeat` as given, or split in two where a repeat came with its time in one of them
   * ("jeden Werktag um 7", "tous les jours à 8h", "daily at 9"): only when what follows the repeat is read
   * whole as a time of day, so "le lundi 9 mars" stays one day and "le week-end prochain" is not a repeat.
   */
  private async timesOf(
    input: CreateInput,
    zone: string,
    now: DateTime,
  ): Promise<{ at?: string; repeat?: string }> {
    const at = input.at?.trim() || undefined;
    const repeat = input.repeat?.trim() || undefined;
    const said = repeat ?? at;
    if (!said || (repeat && isRepeat(repeat))) return { at, repeat };
    const split = repeatAtStart(said);
    if (!split) return { at, repeat };
    if (!split.rest) return { at: repeat ? at : undefined, repeat: split.repeat };
    const time = await resolveDateTime(split.rest, zone, now, input.language).catch(() => undefined);
    if (!time?.timeOfDayOnly) return { at, repeat };
    // Both given: `at` is the time; the one said again in `repeat` is the same or less exact.
    return { at: repeat && at ? at : split.rest, repeat: split.repeat };
  }

  /** A one-off at a sun time: the instant HA gave, as a schedule in the home's wall-clock time. */
  private sunSchedule(at: number, zone: string, now: DateTime): { schedule: Schedule; nextAt: number } {
    if (at <= now.toMillis()) {
      throw new InputError(
        `That is ${DateTime.fromMillis(at, { zone }).toFormat("HH:mm")}, already past (it is ${now.toFormat("HH:mm")}). ` +
          "Give a clock time instead (这个时间已经过去了).",
      );
    }
    const start = DateTime.fromMillis(at, { zone }).startOf("second");
    return {
      schedule: { kind: "time", zone, start: start.toFormat("yyyy-MM-dd'T'HH:mm:ss") },
      nextAt: start.toMillis(),
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

/** "2026-03-08T02:30" as written (no offset): its wall-clock reading, seconds dropped to whole ones. */
function wallClockOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (/(?:z|[+-]\d{2}(?::?\d{2})?)$/i.test(trimmed)) return undefined; // an offset: an instant
  for (const parsed of [
    DateTime.fromISO(trimmed, { zone: "UTC" }),
    DateTime.fromSQL(trimmed, { zone: "UTC" }),
  ]) {
    if (parsed.isValid) return parsed.startOf("second").toFormat("yyyy-MM-dd'T'HH:mm:ss");
  }
  return undefined;
}

function clean(list: string[] | undefined): string[] {
  return [...new Set((list ?? []).map((item) => item.trim()).filter(Boolean))];
}

function withDomain(target: string, domain: string): string {
  return target.includes(".") ? target : `${domain}.${target}`;
}
