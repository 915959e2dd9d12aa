import type { Exposure } from "./types.js";

/**
 * Whether Assist sees an entity: all, a list read from HA, or HA's own defaults and the entity's
 * should_expose option when the list can't be read.
 */
// HA's defaults for what Assist sees (homeassistant/exposed_entities.py), for when the list can't be read.
const DEFAULT_DOMAINS = new Set(
  "climate cover fan humidifier light media_player scene switch todo vacuum water_heater".split(" "),
);
const DEFAULT_BINARY_SENSOR_CLASSES = new Set(
  "door garage_door lock motion opening presence window".split(" "),
);
const DEFAULT_SENSOR_CLASSES = new Set(
  "aqi carbon_monoxide carbon_dioxide humidity pm10 pm25 temperature volatile_organic_compounds".split(" "),
);

export function isExposed(
  info: { entityId: string; domain: string; deviceClass?: string; secondary: boolean },
  exposure: Exposure,
  options: Record<string, unknown> | undefined,
): boolean {
  if (exposure.kind === "all") return true;
  if (exposure.kind === "list") return exposure.exposed.has(info.entityId);
  const setting = (options?.conversation as { should_expose?: unknown } | undefined)?.should_expose;
  if (typeof setting === "boolean") return setting;
  if (info.secondary) return false;
  if (DEFAULT_DOMAINS.has(info.domain)) return true;
  const cls = info.deviceClass ?? "";
  if (info.domain === "binary_sensor") return DEFAULT_BINARY_SENSOR_CLASSES.has(cls);
  if (info.domain === "sensor") return DEFAULT_SENSOR_CLASSES.has(cls);
  return false;
}
