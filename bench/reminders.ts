/**
 * Reminders at scale: 10,000 armed in SQLite, the time to arm them all again at start-up, the memory
 * they add, and how late reminders fire (p50/p99) while those 10,000 wait.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { systemClock } from "../src/time/clock.js";
import { createHomeTime } from "../src/time/home-time.js";
import { silentLogger } from "../src/logging/logger.js";
import type { Notifier } from "../src/notify/notifier.js";
import { createReminders } from "../src/reminders/index.js";
import { openDatabase } from "../src/store/database.js";
import { FakeHomeAssistant } from "../test/ha/support/fake-ha.js";
import { sampleHome } from "../test/ha/support/sample-home.js";
import { ms, printTable, summarize } from "./stats.js";

const ZONE = "Asia/Shanghai";

export async function benchReminders(count = 10_000, probes = 200): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cyrene-bench-reminders-"));
  const fired = new Map<string, number>();
  const notifier: Notifier = {
    // A notice's key is per occurrence (cyrene_reminder_<reminder>_<occurrence>): a probe fires once.
    deliver: async (_target, notice) => void fired.set(notice.key.replace(/_\d+$/, ""), Date.now()),
    dismiss: async () => {},
    targets: async () => ({ notify: [], speak: [] }),
    replacesRepeats: () => true,
    shows: async () => undefined,
  };
  const build = (db = openDatabase(join(dir, "cyrene.db"))) =>
    createReminders({
      db,
      ha: new FakeHomeAssistant(sampleHome()),
      notifier,
      time: createHomeTime({ zone: ZONE, clock: systemClock }),
      logger: silentLogger(),
      settings: { defaultTargets: { notify: [], speak: [] }, missedAfterMs: 12 * 3_600_000 },
    });
  try {
    const seeding = build();
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      const at = DateTime.fromMillis(now + 3_600_000 + (i % 1440) * 60_000, { zone: ZONE });
      const schedule = {
        kind: "time" as const,
        zone: ZONE,
        start: at.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
        ...(i % 3 === 0
          ? { rrule: "FREQ=DAILY" }
          : i % 3 === 1
            ? { rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR" }
            : {}),
      };
      seeding.store.create(
        { message: `reminder ${i}`, schedule, targets: { notify: [], speak: [] }, nextAt: at.toMillis() },
        now,
      );
    }
    await seeding.stop();

    // Heap, not RSS: in the shared bench process RSS also moves with what earlier sections give back.
    globalThis.gc?.();
    const before = process.memoryUsage();
    const reminders = build();
    const started = performance.now();
    reminders.start();
    const armMs = performance.now() - started;
    globalThis.gc?.();
    const after = process.memoryUsage();

    const base = Date.now() + 500;
    const due = new Map<string, number>();
    for (let i = 0; i < probes; i++) {
      const at = base + i * 20;
      const start = DateTime.fromMillis(at, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");
      const reminder = reminders.store.create(
        {
          message: `probe ${i}`,
          schedule: { kind: "time", zone: ZONE, start },
          targets: { notify: [], speak: [] },
          nextAt: at,
        },
        Date.now(),
      );
      reminders.scheduler.arm(reminder);
      due.set(`cyrene_reminder_${reminder.id}`, at);
    }
    while (fired.size < probes && Date.now() < base + probes * 20 + 5_000)
      await new Promise((r) => setTimeout(r, 20));
    const lateness = [...due].map(([key, at]) => (fired.get(key) ?? Infinity) - at);
    const late = summarize(lateness);
    await reminders.stop();
    printTable(
      `Reminders: ${count} armed (a third daily, a third weekly), ${probes} probes firing 20 ms apart meanwhile`,
      ["measure", "value"],
      [
        ["arm all at start-up", `${ms(armMs)} ms`],
        [
          "heap added by the armed reminders",
          `${((after.heapUsed - before.heapUsed) / 2 ** 20).toFixed(1)} MB`,
        ],
        ["queued due times", String(reminders.scheduler.queued)],
        ["firing lateness p50 (due → delivered)", `${ms(late.p50)} ms`],
        ["firing lateness p99", `${ms(late.p99)} ms`],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
