/**
 * `kill -9` in the middle of a burst of reminders, against a real Home Assistant, counting what HA was
 * asked to do (its `call_service` events): every reminder reaches the persistent notifications and the
 * phone, and nothing the user sees arrives twice.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ReminderStore } from "../../src/reminders/store.js";
import { openDatabase } from "../../src/store/database.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { freePort } from "../fixtures/ha/process.js";
import { describeHa, HA_FIXTURE } from "../fixtures/ha/use-ha.js";
import { HaWatch } from "./support/ha-watch.js";

const ZONE = "Asia/Shanghai";
const COUNT = 200;
/** Kill Cyrene when HA has received this many of the reminders' persistent notifications, in turn. */
const KILL_AT = [40, 100, 160];
const { phone } = HA_FIXTURE;

const tally = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

describeHa("reminders across kill -9 during a burst", () => {
  let instance: HaInstance;
  let watch: HaWatch;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let output = "";

  beforeAll(async () => {
    instance = await startHomeAssistant();
    watch = await HaWatch.open(instance);
    dataDir = mkdtempSync(join(tmpdir(), "cyrene-reminders-crash-"));
  }, 180_000);
  afterAll(async () => {
    child?.kill("SIGKILL");
    watch?.close();
    await instance?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server process as `npm start` runs it (through tsx), on this data dir and the private HA. */
  const start = async () => {
    const port = await freePort();
    const started = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: {
        PATH: process.env.PATH,
        CYRENE_PORT: String(port),
        CYRENE_OLLAMA_PORT: "0",
        CYRENE_WYOMING_PORT: "0",
        CYRENE_DATA_DIR: dataDir,
        CYRENE_LLM_BASE_URL: "http://127.0.0.1:9/v1",
        CYRENE_LLM_API_KEY: "unused",
        CYRENE_TIME_ZONE: ZONE,
        CYRENE_HA_URL: instance.url,
        CYRENE_HA_TOKEN: instance.token,
      },
    });
    started.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    return started;
  };
  const exited = (process: ChildProcess) =>
    new Promise<void>((resolve) =>
      process.exitCode !== null || process.signalCode !== null
        ? resolve()
        : process.once("exit", () => resolve()),
    );

  it(
    "sends each of 200 reminders once to HA's persistent notifications and to the phone under one tag each, across three kill -9",
    { timeout: 300_000 },
    async () => {
      // 200 one-off reminders falling due together, a few seconds after the first start.
      const db = openDatabase(join(dataDir, "cyrene.db"));
      const store = new ReminderStore(db);
      const due = DateTime.now().setZone(ZONE).plus({ seconds: 12 }).startOf("second");
      const ids: string[] = [];
      for (let i = 0; i < COUNT; i++) {
        const reminder = store.create(
          {
            message: `burst ${i}`,
            schedule: { kind: "time", zone: ZONE, start: due.toFormat("yyyy-MM-dd'T'HH:mm:ss") },
            targets: { notify: [phone], speak: [] },
            nextAt: due.toMillis(),
          },
          Date.now(),
        );
        ids.push(reminder.id);
      }
      const ours = (key: unknown) => /^cyrene_reminder_r_[0-9a-f]{8}_\d+$/.test(String(key));
      const creates = () =>
        watch.callsTo("persistent_notification", "create", (d) => ours(d.notification_id));
      const pushes = () => watch.callsTo("notify", "mobile_app_test_phone", (d) => ours(d.data?.tag));

      for (const at of KILL_AT) {
        const running = await start();
        await expect
          .poll(() => creates().length, { timeout: 90_000, interval: 10 })
          .toBeGreaterThanOrEqual(at);
        running.kill("SIGKILL");
        await exited(running);
      }
      const last = await start();
      const settled = () =>
        db
          .prepare("SELECT status, COUNT(*) AS n FROM reminder_deliveries GROUP BY status ORDER BY status")
          .all();
      await expect
        .poll(settled, { timeout: 120_000, interval: 250 })
        .toEqual([{ status: "sent", n: 2 * COUNT }]);
      // Anything HA still had under way reports meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      last.kill("SIGTERM");
      await exited(last);

      const notificationIds = tally(creates().map((c) => String(c.service_data.notification_id)));
      const tags = tally(pushes().map((c) => String(c.service_data.data.tag)));
      const keysOf = (counts: Map<string, number>, id: string) =>
        [...counts.keys()].filter((key) => key.startsWith(`cyrene_reminder_${id}_`));
      const resentPushes = [...tags.values()].reduce((sum, n) => sum + n - 1, 0);
      console.info(
        `kill -9 x${KILL_AT.length} during ${COUNT} reminders: persistent notifications ` +
          `${creates().length} sent, ${notificationIds.size} distinct ids; phone pushes ${pushes().length} sent, ` +
          `${tags.size} distinct tags (${resentPushes} sent again with the same tag, replacing the first)`,
      );

      // Every reminder: exactly one notice id, at each target.
      for (const id of ids) {
        expect(keysOf(notificationIds, id), id).toHaveLength(1);
        expect(keysOf(tags, id), id).toEqual(keysOf(notificationIds, id));
      }
      // Persistent notifications: HA is asked to create each exactly once (one already shown is not
      // sent again), so no duplicates in sends either.
      expect(notificationIds.size).toBe(COUNT);
      expect(creates()).toHaveLength(COUNT);
      // Phone pushes: one tag per reminder; only an attempt cut off mid-flight is sent again, with its
      // tag, and a burst has at most 8 attempts under way.
      expect(tags.size).toBe(COUNT);
      expect(resentPushes).toBeLessThanOrEqual(8 * KILL_AT.length);
      expect(output).not.toMatch(/\n\s+at /);
      db.close();
    },
  );
});
