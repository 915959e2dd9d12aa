import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";

/** HA is configured but away: reminders are accepted (they wait for it), and input is checked. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { CYRENE_HA_URL: "http://127.0.0.1:9", CYRENE_HA_TOKEN: "t" } });
});
afterAll(() => h.close());

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${h.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("/api/reminders", () => {
  it("creates, lists, changes and deletes a reminder", async () => {
    const created = await call("POST", "/api/reminders", {
      message: "倒垃圾",
      at: "明天晚上8点",
      repeat: "weekdays",
    });
    expect(created.status).toBe(201);
    const reminder = await json(created);
    expect(reminder).toMatchObject({
      message: "倒垃圾",
      status: "active",
      schedule: { rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" },
    });
    const listed = await json(call("GET", "/api/reminders"));
    expect(listed.reminders.map((r: { id: string }) => r.id)).toContain(reminder.id);

    const changed = await json(call("PATCH", `/api/reminders/${reminder.id}`, { message: "倒垃圾和回收" }));
    expect(changed).toMatchObject({
      message: "倒垃圾和回收",
      schedule: { rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" },
    });

    const skipped = await json(call("DELETE", `/api/reminders/${reminder.id}?only=next`));
    expect(skipped.cancelled).toBe("next");
    expect(new Date(skipped.reminder.next_at).getTime()).toBeGreaterThan(
      new Date(reminder.next_at).getTime(),
    );
    const deleted = await json(call("DELETE", `/api/reminders/${reminder.id}`));
    expect(deleted).toMatchObject({ cancelled: "series", reminder: { status: "cancelled" } });
  });

  it("refuses what the tools refuse, saying what to send", async () => {
    const past = await call("POST", "/api/reminders", { message: "x", at: "2020-01-01T08:00" });
    expect(past.status).toBe(400);
    expect((await json(past)).error.message).toMatch(/already past.*Send a future time/);
    const nonsense = await call("POST", "/api/reminders", {
      message: "x",
      at: "tomorrow 8am",
      repeat: "every full moon",
    });
    expect((await json(nonsense)).error.message).toMatch(/Unknown recurrence.*"daily", "weekdays"/);
    const impossible = await call("POST", "/api/reminders", { message: "x", at: "2026-02-30T08:00" });
    expect((await json(impossible)).error.message).toMatch(/Invalid date\/time "2026-02-30T08:00"/);
    const empty = await call("POST", "/api/reminders", { message: " ", at: "tomorrow 8am" });
    expect((await json(empty)).error.message).toMatch(/needs a message/);
    expect((await call("GET", "/api/reminders/r_nope")).status).toBe(404);
  });
});

describe("/api/reminders without Home Assistant", () => {
  it("refuses to set a reminder that could never arrive, and says how to connect HA", async () => {
    const alone = await startHarness();
    try {
      const response = await fetch(`${alone.url}/api/reminders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "倒垃圾", at: "明天晚上8点" }),
      });
      expect(response.status).toBe(400);
      expect((await json(response)).error.message).toMatch(
        /Home Assistant is not configured here \(set CYRENE_HA_URL and CYRENE_HA_TOKEN.*No reminder was set/,
      );
      expect(alone.cyrene.reminders.service.list()).toEqual([]);
    } finally {
      await alone.close();
    }
  });
});
