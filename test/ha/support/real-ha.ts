import { createHomeAssistant, type HomeAssistant } from "../../../src/ha/index.js";
import { silentLogger } from "../../../src/logging/logger.js";
import type { ToolResult } from "../../../src/tools/contract.js";
import type { HassEntity } from "../../../src/ha/types.js";

export interface HaEndpoint {
  url: string;
  token: string;
}

/** Cyrene's HA service, connected the standalone way (CYRENE_HA_URL + CYRENE_HA_TOKEN). */
export function connectHa(endpoint: HaEndpoint, exposeAll = false): HomeAssistant {
  return createHomeAssistant({ ha: { url: endpoint.url, token: endpoint.token, exposeAll } }, silentLogger());
}

export async function whenReady(ha: HomeAssistant, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (ha.status().state !== "ready") {
    if (Date.now() > deadline)
      throw new Error(`HA not ready after ${timeoutMs} ms: ${JSON.stringify(ha.status())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The state as HA's REST API reports it: an independent check of what the tools claim. */
export async function restState(endpoint: HaEndpoint, entityId: string): Promise<HassEntity> {
  const res = await fetch(`${endpoint.url}/api/states/${entityId}`, {
    headers: { authorization: `Bearer ${endpoint.token}` },
  });
  if (!res.ok) throw new Error(`GET /api/states/${entityId} -> ${res.status}`);
  return (await res.json()) as HassEntity;
}

export async function restCall(
  endpoint: HaEndpoint,
  domain: string,
  service: string,
  data: Record<string, unknown>,
) {
  const res = await fetch(`${endpoint.url}/api/services/${domain}/${service}`, {
    method: "POST",
    headers: { authorization: `Bearer ${endpoint.token}`, "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  if (!res.ok)
    throw new Error(`POST /api/services/${domain}/${service} -> ${res.status}: ${await res.text()}`);
}

/**
 * Which of `ids` are on now; the returned function switches back each one that changed between on and
 * off since, so a file that switches devices leaves the shared HA as it found it (a home summary listing
 * lights left on changes what later files' turns read).
 */
export async function onOffKept(endpoint: HaEndpoint, ids: string[]): Promise<() => Promise<void>> {
  const before = new Map<string, string>();
  for (const id of ids) before.set(id, (await restState(endpoint, id)).state);
  return async () => {
    for (const [id, was] of before) {
      if (was !== "on" && was !== "off") continue;
      const now = (await restState(endpoint, id)).state;
      if (now !== was && (now === "on" || now === "off"))
        await restCall(endpoint, id.split(".")[0]!, `turn_${was}`, { entity_id: id });
    }
  };
}

/**
 * Runs a tool call on the shared HA, again after a reconnect if another test file restarted HA
 * meanwhile (the harness's own restart test does): this file tests behaviour, not availability.
 */
export async function steady(ha: HomeAssistant, call: () => Promise<ToolResult>): Promise<ToolResult> {
  for (let attempt = 0; ; attempt++) {
    const result = await call();
    if (result.success || !/Home Assistant is unavailable/.test(result.error) || attempt >= 3) return result;
    await whenReady(ha, 90_000);
  }
}
