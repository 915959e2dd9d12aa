/**
 * `kill -9` between setting a scheduled action and its time, against a real Home Assistant: the server
 * process (as `npm start` runs it) is killed before the action is due, started again, and HA is asked to
 * turn the light on exactly once; killed and started once more, it is not asked again.
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
import { restState } from "./support/real-ha.js";

const ZONE = "Asia/Shanghai";
const LIGHT = HA_FIXTURE.offLight;

describeHa("a scheduled action across kill -9", () => {
  let instance: HaInstance;
  let watch: HaWatch;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let output = "";

  beforeAll(async () => {
    instance = await startHomeAssistant();
    watch = await HaWatch.open(instance);
    dataDir = mkdtempSync(join(tmpdir(), "cyrene-actions-crash-"));
  }, 180_000);
  afterAll(async () => {
    child?.kill("SIGKILL");
    watch?.close();
    await instance?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const port = await freePort();
    output = "";
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
  const kill = async (process: ChildProcess) => {
    process.kill("SIGKILL");
    if (process.exitCode === null && process.signalCode === null)
      await new Promise<void>((resolve) => process.once("exit", () => resolve()));
  };
  const turnOns = () => watch.callsTo("light", "turn_on", (d) => [d.entity_id].flat().includes(LIGHT));

  it(
    "turns the light on exactly once when Cyrene is killed after it was set and before it was due",
    { timeout: 180_000 },
    async () => {
      expect((await restState(instance, LIGHT)).state).toBe("off");
      const db = openDatabase(join(dataDir, "cyrene.db"));
      const store = new ReminderStore(db);
      const due = DateTime.now().setZone(ZONE).plus({ seconds: 25 }).startOf("second");
      const reminder = store.create(
        {
          message: "turn on Bed Light",
          schedule: { kind: "time", zone: ZONE, start: due.toFormat("yyyy-MM-dd'T'HH:mm:ss") },
          targets: { notify: [], speak: [] },
          nextAt: due.toMillis(),
          action: {
            domain: "light",
            service: "turn_on",
            entityIds: [LIGHT],
            data: {},
            description: "turn on Bed Light (light.bed_light)",
          },
        },
        Date.now(),
      );

      // Killed once it is up, before the action is due.
      const first = await start();
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/Cyrene/);
      expect(Date.now()).toBeLessThan(due.toMillis());
      await kill(first);
      expect(turnOns()).toHaveLength(0);

      const second = await start();
      await expect.poll(() => turnOns().length, { timeout: 90_000, interval: 100 }).toBe(1);
      await expect
        .poll(() => store.lastDelivery(reminder.id)?.occurrence.action?.status, { timeout: 30_000 })
        .toBe("done");
      await kill(second);

      // Started again after its time: nothing is due, nothing runs again.
      const third = await start();
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/Cyrene/);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await kill(third);
      expect(turnOns()).toHaveLength(1);
      expect((await restState(instance, LIGHT)).state).toBe("on");
      expect(store.get(reminder.id)?.status).toBe("done");
      expect(output).not.toMatch(/\n\s+at /);
      db.close();
    },
  );
});
