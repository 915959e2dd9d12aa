import type { HassConfig } from "home-assistant-js-websocket";
import type { AreaEntry, DeviceEntry, EntityEntry, Exposure, FloorEntry, HassServices } from "./types.js";

/** Sends one websocket command and resolves with its result (with a timeout, see client.ts). */
export type Command = <T>(type: string, payload?: Record<string, unknown>) => Promise<T>;

export const fetchConfig = (command: Command) => command<HassConfig>("get_config");
export const fetchServices = (command: Command) => command<HassServices>("get_services");
export const fetchAreas = (command: Command) => command<AreaEntry[]>("config/area_registry/list");
export const fetchDevices = (command: Command) => command<DeviceEntry[]>("config/device_registry/list");

/** Floors arrived in HA 2024.4; an older HA (or a restricted user) just has none. */
export const fetchFloors = (command: Command) =>
  command<FloorEntry[]>("config/floor_registry/list").catch(() => [] as FloorEntry[]);

const fetchEntries = (command: Command, entityIds: string[]) =>
  command<Record<string, EntityEntry | null>>("config/entity_registry/get_entries", {
    entity_ids: entityIds,
  });

/**
 * Entity registry entries with aliases and device classes: `list` leaves those out, so the ids it
 * returns are fetched again with `get_entries` (one message).
 */
export async function fetchEntityEntries(command: Command): Promise<EntityEntry[]> {
  const listed = await command<EntityEntry[]>("config/entity_registry/list");
  const ids = listed.filter((e) => !e.disabled_by).map((e) => e.entity_id);
  if (ids.length === 0) return [];
  const extended = await fetchEntries(command, ids);
  return Object.values(extended).filter((e): e is EntityEntry => e !== null);
}

/**
 * Which entities Assist may see. The list needs an admin user; without it HA's default rules are used
 * (see directory.ts), and a warning is logged by the caller.
 */
export async function fetchExposure(command: Command, exposeAll: boolean): Promise<Exposure> {
  return exposeAll ? { kind: "all" } : fetchExposureList(command);
}

type ExposureList = Extract<Exposure, { kind: "list" }>;

async function fetchExposureList(command: Command): Promise<ExposureList> {
  const answer = await command<{ exposed_entities: Record<string, Record<string, boolean>> }>(
    "homeassistant/expose_entity/list",
  );
  const exposed = new Set<string>();
  for (const [entityId, assistants] of Object.entries(answer.exposed_entities)) {
    if (assistants.conversation) exposed.add(entityId);
  }
  return { kind: "list", exposed };
}

/**
 * Whether `entityIds` are exposed to Assist at this moment, as read by `kind` (see Exposure): from their
 * registry options (one small message, whatever the size of the home), and from the list only for
 * entities outside the entity registry. Under HA's defaults, ids without a setting are left out.
 * `list` is the list when it was read.
 */
export async function fetchExposureOf(
  command: Command,
  entityIds: string[],
  kind: "list" | "defaults",
): Promise<{ exposed: Map<string, boolean>; list?: ExposureList }> {
  const exposed = new Map<string, boolean>();
  const entries = await fetchEntries(command, entityIds);
  const unregistered: string[] = [];
  for (const id of entityIds) {
    const entry = entries[id];
    const setting = entry?.options?.conversation?.should_expose;
    if (!entry) unregistered.push(id);
    else if (typeof setting === "boolean") exposed.set(id, setting);
    else if (kind === "list") exposed.set(id, false); // the list holds only entities set to be exposed
  }
  if (unregistered.length === 0 || kind !== "list") return { exposed };
  const list = await fetchExposureList(command);
  for (const id of unregistered) exposed.set(id, list.exposed.has(id));
  return { exposed, list };
}
