import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { HaInstance } from "../../fixtures/ha/instance.js";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a private HA instance (one this test process started with startHomeAssistant()) and leaves it
 * stopped, for as long as the test wants HA away; `instance.restart()` starts it again on the same
 * port, config and token. The HA process is found by its pid in the config dir's owner record
 * (test/fixtures/ha/stale.ts writes it) and stopped as HaProcess.stop() does: SIGTERM, a clean stop.
 */
export async function stopHa(instance: HaInstance, timeoutMs = 60_000): Promise<void> {
  const owner = JSON.parse(readFileSync(join(instance.configDir, "owner.json"), "utf8")) as {
    nodePid: number;
    hassPid?: number;
  };
  const pid = owner.hassPid;
  if (owner.nodePid !== process.pid || !pid)
    throw new Error("stopHa() is for an instance this process started");
  if (!alive(pid)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`Home Assistant (pid ${pid}) did not stop in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
