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

/**
 * Entity registry entries with aliases and device classes: `list` leaves those out, so the ids it
 * returns are fetched again with `get_entries` (one message).
 */
export async function fetchEntityEntries(command: Command): Promise<EntityEntry[]> {
  const listed = await command<EntityEntry[]>("config/entity_registry/list");
  const ids = listed.filter((e) => !e.disabled_by).map((e) => e.entity_id);
  if (ids.length === 0) return [];
  const extended = await command<Record<string, EntityEntry | null>>("config/entity_registry/get_entries", {
    entity_ids: ids,
  });
  return Object.values(extended).filter((e): e is EntityEntry => e !== null);
}

/**
 * Which entities Assist may see. The list needs an admin user; without it HA's default rules are used
 * (see directory.ts), and a warning is logged by the caller.
 */
export async function fetchExposure(command: Command, exposeAll: boolean): Promise<Exposure> {
  if (exposeAll) return { kind: "all" };
  const answer = await command<{ exposed_entities: Record<string, Record<string, boolean>> }>(
    "homeassistant/expose_entity/list",
  );
  const exposed = new Set<string>();
  for (const [entityId, assistants] of Object.entries(answer.exposed_entities)) {
    if (assistants.conversation) exposed.add(entityId);
  }
  return { kind: "list", exposed };
}
