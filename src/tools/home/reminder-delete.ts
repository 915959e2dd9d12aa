import { z } from "zod";
import type { ReminderService } from "../../reminders/index.js";
import type { HomeTime } from "../../time/home-time.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { presentReminder, wordsOf } from "./reminders/present.js";

const parameters = z.object({
  id: z.string().optional(),
  match: z.string().optional().describe("words of the reminder, when no id"),
  only_next: z.boolean().optional().describe("recurring: skip the next time, keep the series"),
});

const DESCRIPTION =
  "Delete a reminder (删除/取消提醒) by id or by its words; a recurring one whole or just its next time.";

export function reminderDeleteTool(options: {
  reminders: ReminderService;
  time: Pick<HomeTime, "zone">;
}): Tool {
  return defineTool({
    name: "reminder_delete",
    description: DESCRIPTION,
    parameters,
    execute(args) {
      const zone = options.time.zone();
      const id = args.id?.trim() || pickByWords(options.reminders, args.match ?? "", zone);
      const { reminder, cancelled } = options.reminders.cancel(id, args.only_next ? "next" : "series");
      return {
        cancelled:
          cancelled === "next" ? "the next occurrence only; the series goes on" : "the whole reminder",
        reminder: presentReminder(reminder, zone),
      };
    },
  });
}

/** The one active reminder whose message holds every word; several → the candidates, nothing deleted. */
function pickByWords(reminders: ReminderService, match: string, zone: string): string {
  const words = match.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0)
    throw new ToolError("Send the reminder's id, or `match` with words of its message.");
  const found = reminders
    .list()
    .filter((r) => r.status === "active" && words.every((w) => wordsOf(r).includes(w)));
  if (found.length === 1) return found[0]!.id;
  if (found.length === 0)
    throw new ToolError(`No active reminder matches "${match}". List them with reminder_list.`);
  const candidates = found.slice(0, 10).map((r) => presentReminder(r, zone));
  throw new ToolError(
    `"${match}" matches ${found.length} reminders; nothing was deleted. Ask which one and send its id: ${JSON.stringify(candidates)}`,
  );
}
