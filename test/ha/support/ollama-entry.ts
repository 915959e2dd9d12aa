import { allowAllTools } from "../../../src/tools/policy.js";
import { silentLogger } from "../../../src/logging/logger.js";
import type { HaInfo } from "../../fixtures/ha/use-ha.js";
import type { Harness } from "../../support/harness.js";
import { testTurn } from "../../support/turn-context.js";
import { rest, until, untilLoaded as untilLoadedIn, type FlowResult } from "./config-flow.js";
import { restState } from "./real-ha.js";
import type { HaEvents } from "./ha-events.js";

/** HA's config flow for the Ollama integration, as the UI runs it: the URL, then the entry loads. */
export async function createOllamaEntry(info: HaInfo, url: string): Promise<string> {
  const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", { handler: "ollama" });
  expectFlow(form, "form", "user");
  const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, {
    url,
  });
  expectFlow(done, "create_entry");
  const entryId = done.result!.entry_id;
  await untilLoaded(info, entryId);
  return entryId;
}

/** A subentry (conversation agent or AI Task) through HA's subentry flow. */
export async function addSubentry(
  info: HaInfo,
  entryId: string,
  type: "conversation" | "ai_task_data",
  data: Record<string, unknown>,
): Promise<void> {
  const path = "/api/config/config_entries/subentries/flow";
  const form = await rest<FlowResult>(info, "POST", path, { handler: [entryId, type] });
  expectFlow(form, "form", "set_options");
  const done = await rest<FlowResult>(info, "POST", `${path}/${form.flow_id}`, data);
  expectFlow(done, "create_entry");
  // A new subentry reloads the entry; the next subentry flow needs it loaded.
  await untilLoaded(info, entryId);
}

async function untilLoaded(info: HaInfo, entryId: string): Promise<void> {
  await untilLoadedIn(info, "ollama", entryId);
}

/** The entity a new subentry adds, told apart from those the entry had before. */
export async function entityOfSubentry(
  add: () => Promise<void>,
  ws: HaEvents,
  entryId: string,
): Promise<string> {
  const before = new Set(await entitiesOf(ws, entryId));
  await add();
  return until("the new subentry's entity", async () =>
    (await entitiesOf(ws, entryId)).find((id) => id.startsWith("conversation.") && !before.has(id)),
  );
}

async function entitiesOf(ws: HaEvents, entryId: string): Promise<string[]> {
  const entities = await ws.call<{ entity_id: string; config_entry_id: string }[]>(
    "config/entity_registry/list",
  );
  return entities.filter((e) => e.config_entry_id === entryId).map((e) => e.entity_id);
}

/** The entity a subentry made, once HA has set it up after the entry's reload. */
export async function entityOf(ws: HaEvents, entryId: string, domain: string): Promise<string> {
  return until(`the ${domain} entity of entry ${entryId}`, async () => {
    const entities = await ws.call<{ entity_id: string; config_entry_id: string }[]>(
      "config/entity_registry/list",
    );
    return entities.find((e) => e.config_entry_id === entryId && e.entity_id.startsWith(`${domain}.`))
      ?.entity_id;
  });
}

export async function removeEntry(info: HaInfo, entryId: string): Promise<void> {
  await rest(info, "DELETE", `/api/config/config_entries/entry/${entryId}`).catch(() => undefined);
}

/** Cyrene reaches HA (iot tools work) and HA has the agent up (after a restart of the shared HA too). */
export async function untilReady(h: Harness, info: HaInfo, agent: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const options = { policy: allowAllTools, logger: silentLogger(), hardTimeoutMs: 10_000, turn: testTurn() };
  for (;;) {
    const probe = await h.cyrene.registry.execute(
      { id: "probe", name: "iot_query", arguments: "{}" },
      options,
    );
    const state = await restState(info, agent).catch(() => undefined);
    if (probe.success && state && state.state !== "unavailable") return;
    if (Date.now() > deadline)
      throw new Error(`HA or the agent never got ready: ${JSON.stringify({ probe, state })}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A flow step as expected, or an error showing it (plain, so the bench can use these too). */
function expectFlow(step: FlowResult, type: string, stepId?: string): void {
  const got = step as { type?: string; step_id?: string };
  if (got.type !== type || (stepId !== undefined && got.step_id !== stepId)) {
    throw new Error(`HA flow: expected ${type}${stepId ? ` ${stepId}` : ""}, got ${JSON.stringify(step)}`);
  }
}
