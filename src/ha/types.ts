export type { HassEntities, HassEntity, HassServices, HassService } from "home-assistant-js-websocket";

/** `config/area_registry/list` entries (the fields we use). */
export interface AreaEntry {
  area_id: string;
  name: string;
  aliases?: string[];
  floor_id?: string | null;
}

/** `config/floor_registry/list` entries. */
export interface FloorEntry {
  floor_id: string;
  name: string;
  aliases?: string[];
  level?: number | null;
}

/** `config/device_registry/list` entries. */
export interface DeviceEntry {
  id: string;
  name: string | null;
  name_by_user: string | null;
  area_id: string | null;
  disabled_by?: string | null;
  manufacturer?: string | null;
  model?: string | null;
}

/** `config/entity_registry/get_entries` entries (the extended form, which carries aliases). */
export interface EntityEntry {
  entity_id: string;
  name: string | null;
  original_name?: string | null;
  /** From HA 2026.11 on, `null` stands for the entity's own name (HA's COMPUTED_NAME). */
  aliases?: (string | null)[];
  area_id: string | null;
  device_id: string | null;
  disabled_by?: string | null;
  hidden_by?: string | null;
  entity_category?: string | null;
  device_class?: string | null;
  original_device_class?: string | null;
  options?: Record<string, Record<string, unknown> | undefined>;
}

export interface Registries {
  areas: AreaEntry[];
  floors: FloorEntry[];
  devices: DeviceEntry[];
  entities: EntityEntry[];
}

/**
 * What is exposed to Assist: the `homeassistant/expose_entity/list` answer, or — when the token may
 * not read it — HA's own defaults computed here. `all` when the user chose to show everything.
 */
export type Exposure =
  { kind: "list"; exposed: ReadonlySet<string> } | { kind: "defaults" } | { kind: "all" };
