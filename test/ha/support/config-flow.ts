import type { HaInfo } from "../../fixtures/ha/use-ha.js";

/** What HA's config-flow API answers for one step. */
export interface FlowResult {
  flow_id: string;
  type: string;
  step_id?: string;
  title?: string;
  errors?: unknown;
  reason?: string;
  data_schema?: unknown;
  result?: { entry_id: string };
}

/** A call to HA's REST API as its owner; a non-2xx status throws with HA's answer. */
export async function rest<T>(info: HaInfo, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${info.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${info.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Polls until `probe` gives a value (outside a test too: set-ups run in beforeAll). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until HA has set a config entry up. */
export async function untilLoaded(info: HaInfo, domain: string, entryId: string): Promise<void> {
  await until(`${domain} entry ${entryId} loaded`, async () => {
    const entries = await rest<{ entry_id: string; state: string }[]>(
      info,
      "GET",
      `/api/config/config_entries/entry?domain=${domain}`,
    );
    return entries.find((e) => e.entry_id === entryId)?.state === "loaded" || undefined;
  });
}
