import { Router } from "express";
import { z } from "zod";
import type { Reminder, ReminderService, ReminderStore } from "../../reminders/index.js";
import { parseBody } from "../../http/body.js";

const when = z.object({
  entity: z.string().min(1),
  to: z.string().optional(),
  from: z.string().optional(),
  above: z.number().optional(),
  below: z.number().optional(),
  for_minutes: z.number().optional(),
  every_time: z.boolean().optional(),
});
const createBody = z.object({
  message: z.string(),
  at: z.string().optional(),
  repeat: z.string().optional(),
  when: when.optional(),
  notify: z.array(z.string()).optional(),
  speak: z.array(z.string()).optional(),
});
const patchBody = createBody.partial();
const deleteQuery = z.object({ only: z.enum(["series", "next"]).default("series") });

export interface ReminderRouteDeps {
  reminders: ReminderService;
  store: ReminderStore;
}

/** Reminders for the web UI, checked exactly as the tools check them (ReminderService). */
export function reminderRoutes({ reminders, store }: ReminderRouteDeps): Router {
  const router = Router();
  const view = (reminder: Reminder) => ({ ...snake(reminder), last: lastOf(store, reminder.id) });

  router.get("/api/reminders", (_req, res) => {
    res.json({ reminders: reminders.list().map(view) });
  });

  router.get("/api/reminders/:id", (req, res) => {
    res.json(view(reminders.get(req.params.id)));
  });

  router.post("/api/reminders", async (req, res) => {
    const body = parseBody(createBody, req.body);
    const { reminder, notes } = await reminders.create({ ...toInput(body), createdBy: req.person?.name });
    res.status(201).json({ ...view(reminder), notes });
  });

  router.patch("/api/reminders/:id", async (req, res) => {
    const body = parseBody(patchBody, req.body);
    res.json(view(await reminders.update(req.params.id, toInput(body))));
  });

  router.delete("/api/reminders/:id", (req, res) => {
    const { only } = parseBody(deleteQuery, req.query);
    const { reminder, cancelled } = reminders.cancel(req.params.id, only);
    res.json({ cancelled, reminder: view(reminder) });
  });

  return router;
}

function toInput(body: Partial<z.infer<typeof createBody>>) {
  const { when: condition, ...rest } = body;
  return {
    ...rest,
    message: rest.message ?? "",
    when: condition && {
      entity: condition.entity,
      to: condition.to,
      from: condition.from,
      above: condition.above,
      below: condition.below,
      forMinutes: condition.for_minutes,
      everyTime: condition.every_time,
    },
  };
}

function snake(reminder: Reminder) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: reminder.id,
    message: reminder.message,
    status: reminder.status,
    schedule: reminder.schedule,
    targets: reminder.targets,
    next_at: iso(reminder.nextAt),
    snoozed_until: iso(reminder.snoozedUntil),
    fired: reminder.fired,
    created_at: iso(reminder.createdAt),
    created_by: reminder.createdBy,
    action: reminder.action
      ? { description: reminder.action.description, confirmed: reminder.action.confirmed === true }
      : null,
  };
}

function lastOf(store: ReminderStore, id: string) {
  const last = store.lastDelivery(id);
  if (!last) return null;
  return {
    due_at: new Date(last.occurrence.dueAt).toISOString(),
    fired_at: new Date(last.occurrence.firedAt).toISOString(),
    action: last.occurrence.action ?? null,
    deliveries: last.deliveries.map((d) => ({
      target: d.target,
      status: d.status,
      attempts: d.attempts,
      error: d.lastError,
    })),
  };
}
