import { z } from "zod";
import type { ReminderService } from "../../reminders/index.js";
import type { HomeTime } from "../../time/home-time.js";
import type { Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { presentReminder } from "./reminders/present.js";

const parameters = z.object({
  message: z.string(),
  at: z.string().optional().describe("ISO or phrase: 明天下午三点, 20分钟后, next Friday 9am"),
  repeat: z.string().optional().describe("daily|weekdays|weekly on MO,FR|monthly|yearly|RRULE"),
  entity: z.string().optional().describe("instead of at: when this device changes"),
  to: z.string().optional(),
  above: z.number().optional(),
  below: z.number().optional(),
  for_minutes: z.number().optional(),
  every_time: z.boolean().optional(),
  targets: z.array(z.string()).optional().describe("notify services, media players; default: settings"),
});

const DESCRIPTION =
  "Set a real reminder (提醒/闹钟/定时) at a time, repeating, or when something happens at home (到家, 门开着); " +
  "it arrives as a Home Assistant notification.";

export function reminderCreateTool(options: {
  reminders: ReminderService;
  time: Pick<HomeTime, "zone">;
}): Tool {
  return defineTool({
    name: "reminder_create",
    description: DESCRIPTION,
    parameters,
    // A reminder that speaks or notifies others carries a message to them; its words are data.
    effects: (args) => (args.targets?.length ? [{ kind: "message", recipients: args.targets }] : []),
    async execute(args, ctx) {
      const targets = args.targets ?? [];
      const speaks = (target: string) => /^(media_player|assist_satellite)\./.test(target);
      const { reminder, notes } = await options.reminders.create({
        message: args.message,
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
        notify: targets.filter((target) => !speaks(target)),
        speak: targets.filter(speaks),
        conversationId: ctx.turn.conversationId,
        createdBy: ctx.turn.person?.name,
      });
      return { created: presentReminder(reminder, options.time.zone()), ...(notes.length ? { notes } : {}) };
    },
  });
}
