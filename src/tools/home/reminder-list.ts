import { DateTime } from "luxon";
import { z } from "zod";
import type { ReminderService, ReminderStore } from "../../reminders/index.js";
import type { HomeTime } from "../../time/home-time.js";
import { resolveDateTime } from "../../time/parse.js";
import type { Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { presentReminder, wordsOf } from "./reminders/present.js";

const parameters = z.object({
  query: z.string().optional(),
  from: z.string().optional().describe("time range start, ISO or phrase"),
  to: z.string().optional(),
  include_past: z.boolean().optional().describe("also finished and cancelled ones"),
});

const DESCRIPTION =
  "List reminders (查看提醒): ids, next time, repeat or trigger, targets, last delivery. Use before changing or deleting one.";

export function reminderListTool(options: {
  reminders: ReminderService;
  store: ReminderStore;
  time: Pick<HomeTime, "now" | "zone">;
}): Tool {
  return defineTool({
    name: "reminder_list",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      const zone = options.time.zone();
      const now = DateTime.fromMillis(options.time.now(), { zone });
      const from = args.from
        ? (await resolveDateTime(args.from, zone, now, ctx.turn.language)).value.toMillis()
        : -Infinity;
      const to = args.to
        ? (await resolveDateTime(args.to, zone, now, ctx.turn.language)).value.toMillis()
        : Infinity;
      const words = (args.query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const found = options.reminders
        .list()
        .filter((r) => args.include_past || r.status === "active")
        .filter((r) => words.every((word) => wordsOf(r).includes(word)))
        .filter((r) => {
          if (from === -Infinity && to === Infinity) return true;
          const next = r.snoozedUntil ?? r.nextAt;
          return next !== null && next >= from && next <= to;
        })
        .sort((a, b) => (a.nextAt ?? Infinity) - (b.nextAt ?? Infinity))
        .slice(0, 50);
      return {
        count: found.length,
        reminders: found.map((r) => presentReminder(r, zone, options.store.lastDelivery(r.id))),
      };
    },
  });
}
