import { DateTime } from "luxon";
import { z } from "zod";
import type { Effect } from "../effects.js";
import { splitTargets } from "./iot/targets.js";
import type { HomeAssistant, HomeSnapshot } from "../../ha/index.js";
import type { ReminderService, ScheduledAction } from "../../reminders/index.js";
import type { HomeTime } from "../../time/home-time.js";
import { spokenPack } from "../../words/speech-for.js";
import type { Confirmations } from "../confirmations.js";
import { ToolError, type Tool, type ToolContext } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { withFreshExposure } from "./iot/ha-access.js";
import { confirmedAction, planAction } from "./iot/plan.js";
import { describeAction, riskOf, type PlannedAction } from "./iot/risk.js";
import { presentReminder } from "./reminders/present.js";
import { sayLater } from "./reminders/say-later.js";

const parameters = z.object({
  message: z.string().optional(),
  at: z.string().optional().describe("ISO or phrase: 明天下午三点, 20分钟后, next Friday 9am"),
  repeat: z.string().optional().describe("daily|weekdays|weekly on MO,FR|monthly|yearly|RRULE"),
  entity: z.string().optional().describe("instead of at: when this device changes"),
  to: z.string().optional(),
  above: z.number().optional(),
  below: z.number().optional(),
  for_minutes: z.number().optional(),
  every_time: z.boolean().optional(),
  targets: z.array(z.string()).optional().describe("notify services, speakers; default: settings"),
  action: z
    .object({
      service: z.string(),
      target: z.string().optional(),
      data: z.record(z.string(), z.unknown()).optional(),
      all: z.boolean().optional(),
    })
    .optional(),
  confirmation_id: z.string().optional(),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION =
  "Set a real reminder (提醒/闹钟/定时) at a time, repeating, or when something happens at home (到家, 门开着); " +
  "it arrives as an HA notification, or with action (iot_control args) acts then.";

export interface ReminderCreateOptions {
  reminders: ReminderService;
  time: Pick<HomeTime, "now" | "zone">;
  ha: HomeAssistant;
  confirmations: Confirmations;
  /** Domains whose every action needs the user's yes (iot_control's setting). */
  sensitiveDomains: string[];
}

/**
 * What a reminder_create call would do beyond reading (Tool.effects): a message to the devices it speaks
 * on or notifies, and a scheduled action's service on the devices its words name. A call carrying a
 * confirmation id carries out what the person already said yes to: the confirmation store judges that yes.
 */
export function effectsOf(args: z.output<typeof parameters>): Effect[] {
  if (args.confirmation_id?.trim()) return [];
  const effects: Effect[] = args.targets?.length ? [{ kind: "message", recipients: args.targets }] : [];
  const { action } = args;
  if (action) {
    const ids = [action.data?.entity_id].flat().filter((id): id is string => typeof id === "string");
    effects.push({
      kind: "home",
      service: action.service.trim().toLowerCase(),
      targets: [...splitTargets(action.target), ...ids],
      all: action.all === true,
    });
  }
  return effects;
}

export function reminderCreateTool(options: ReminderCreateOptions): Tool {
  const sensitive = new Set(options.sensitiveDomains);
  return defineTool({
    name: "reminder_create",
    description: DESCRIPTION,
    parameters,
    // A reminder that speaks or notifies others carries a message to them; its words are data.
    effects: effectsOf,
    async execute(args, ctx) {
      if (args.confirmation_id) return confirmed(args.confirmation_id, ctx);
      if (args.action) return scheduleAction(args, args.action, ctx);
      const targets = args.targets ?? [];
      const { reminder, notes } = await options.reminders.create({
        message: args.message ?? "",
        at: args.at,
        repeat: args.repeat,
        when: args.entity
          ? {
              entity: args.entity,
              to: args.to,
              above: args.above,
              below: args.below,
              forMinutes: args.for_minutes,
              everyTime: args.every_time,
            }
          : undefined,
        ...byDelivery(targets),
        conversationId: ctx.turn.conversationId,
        createdBy: ctx.turn.person?.name,
        language: ctx.turn.language,
      });
      return { created: presentReminder(reminder, options.time.zone()), ...(notes.length ? { notes } : {}) };
    },
  });

  /** A device action at a time: resolved and checked now, told back plainly, a risky one asked first. */
  async function scheduleAction(args: Args, request: NonNullable<Args["action"]>, ctx: ToolContext) {
    if (args.entity || args.repeat) {
      throw new ToolError(
        "A scheduled action runs once at a time (`at`); one that repeats or follows an event is a home rule. Nothing was set.",
      );
    }
    const { home, action } = await withFreshExposure(options.ha, (home) => ({
      home,
      action: planAction(home, request, ctx),
    }));
    const language = ctx.turn.language;
    const at = await options.reminders.firstTime({ at: args.at, language });
    if (at === null) throw new ToolError("A scheduled action needs `at`, a time.");
    const zone = options.time.zone();
    const say = sayLater(wordsFor(language), action, at, options.time.now(), zone);
    const later = {
      at: DateTime.fromMillis(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      message: args.message,
      targets: args.targets,
      satellite: satelliteOf(home, ctx),
      language,
    };
    const risk = riskOf(action, sensitive);
    if (!risk) return create(action, later, say, ctx, false);
    if (ctx.turn.policy.autonomous) {
      throw new ToolError(
        `Not set: to ${describeAction(action)} needs the user's yes because ${risk}, and no one is here to give it.`,
      );
    }
    const entityIds = action.entities.map((e) => e.entityId);
    const { domain, service, data } = action;
    const id = options.confirmations.create(
      "reminder_create",
      { domain, service, data, entityIds, description: say, later },
      ctx,
    );
    return {
      status: "confirmation_required",
      confirmation_id: id,
      would: say,
      reason: `needs the user's confirmation because ${risk}`,
      note:
        `NOT set. Ask the user to confirm: "${say}" (需要用户确认). Only if they agree in their next message, ` +
        `call reminder_create with just confirmation_id "${id}" (valid a few minutes).`,
    };
  }

  /** The person said yes: the action they confirmed, on the entities as they are now. */
  async function confirmed(id: string, ctx: ToolContext) {
    const home = await options.ha.snapshot().catch((error: unknown) => {
      throw new ToolError(`Home Assistant is unavailable (${(error as Error).message}); nothing was set.`);
    });
    const stored = options.confirmations.check(id, ctx);
    if (!stored.later) throw new ToolError(`${id} is not a scheduled action's question; nothing was set.`);
    const action = confirmedAction(home, stored, "nothing was set");
    options.confirmations.consume(id);
    return create(action, stored.later, stored.description, ctx, true);
  }

  async function create(
    planned: PlannedAction,
    later: { at: string; message?: string; targets?: string[]; satellite?: string; language?: string },
    say: string,
    ctx: ToolContext,
    yes: boolean,
  ) {
    const action: ScheduledAction = {
      domain: planned.domain,
      service: planned.service,
      entityIds: planned.entities.map((e) => e.entityId),
      data: planned.data,
      description: describeAction(planned),
      ...(yes ? { confirmed: true } : {}),
      ...(later.satellite ? { satellite: later.satellite } : {}),
      ...(later.language ? { language: later.language } : {}),
    };
    const { reminder, notes } = await options.reminders.create({
      message: later.message?.trim() || action.description,
      at: later.at,
      action,
      ...byDelivery(later.targets ?? []),
      conversationId: ctx.turn.conversationId,
      createdBy: ctx.turn.person?.name,
    });
    return {
      scheduled: say,
      note: "Nothing was changed now; it runs at that time. Tell the user exactly this sentence.",
      created: presentReminder(reminder, options.time.zone()),
      ...(notes.length ? { notes } : {}),
    };
  }
}

function wordsFor(language: string) {
  return spokenPack(language).scheduledActions;
}

function byDelivery(targets: string[]): { notify: string[]; speak: string[] } {
  const speaks = (target: string) => /^(media_player|assist_satellite)\./.test(target);
  return { notify: targets.filter((t) => !speaks(t)), speak: targets.filter(speaks) };
}

/** The Assist satellite that heard the words (HA told its device), to say the outcome there later. */
function satelliteOf(home: HomeSnapshot, ctx: ToolContext): string | undefined {
  const deviceId = ctx.turn.speaker?.deviceId;
  if (!deviceId) return undefined;
  return home.directory.entities.find((e) => e.domain === "assist_satellite" && e.deviceId === deviceId)
    ?.entityId;
}
