import { EntityDirectory } from "../../../src/ha/directory.js";
import type { Exposure, HassEntities, Registries } from "../../../src/ha/types.js";

export interface AreaSpec {
  id: string;
  name: string;
  aliases?: string[];
}

export interface EntitySpec {
  id: string;
  /** Friendly name (state attribute). */
  name: string;
  area?: string;
  aliases?: string[];
  deviceClass?: string;
  state?: string;
  attributes?: Record<string, unknown>;
  /** Default true. */
  exposed?: boolean;
  hidden?: boolean;
  device?: string;
  lastChanged?: string;
}

export interface BuiltHome {
  registries: Registries;
  states: HassEntities;
  exposure: Exposure;
  directory(): EntityDirectory;
}

/** A home in the shapes HA's websocket API answers with: registries, states and the exposure list. */
export function buildHome(areas: AreaSpec[], entities: EntitySpec[]): BuiltHome {
  const registries: Registries = {
    areas: areas.map((a) => ({ area_id: a.id, name: a.name, aliases: a.aliases ?? [], floor_id: null })),
    floors: [],
    devices: [],
    entities: [],
  };
  const states: HassEntities = {};
  const exposed = new Set<string>();
  const now = new Date().toISOString();
  for (const spec of entities) {
    let deviceId: string | null = null;
    if (spec.device) {
      deviceId = `dev_${spec.device.replace(/\W/g, "_")}`;
      if (!registries.devices.some((d) => d.id === deviceId)) {
        registries.devices.push({
          id: deviceId,
          name: spec.device,
          name_by_user: null,
          area_id: spec.area ?? null,
        });
      }
    }
    registries.entities.push({
      entity_id: spec.id,
      name: null,
      original_name: spec.name,
      aliases: spec.aliases ?? [],
      area_id: spec.device ? null : (spec.area ?? null),
      device_id: deviceId,
      hidden_by: spec.hidden ? "user" : null,
      entity_category: null,
      device_class: null,
      original_device_class: spec.deviceClass ?? null,
    });
    states[spec.id] = {
      entity_id: spec.id,
      state: spec.state ?? "on",
      attributes: {
        friendly_name: spec.name,
        ...(spec.deviceClass ? { device_class: spec.deviceClass } : {}),
        ...spec.attributes,
      },
      last_changed: spec.lastChanged ?? now,
      last_updated: spec.lastChanged ?? now,
      context: { id: "c", parent_id: null, user_id: null },
    };
    if (spec.exposed !== false) exposed.add(spec.id);
  }
  const exposure: Exposure = { kind: "list", exposed };
  return { registries, states, exposure, directory: () => new EntityDirectory(registries, states, exposure) };
}
