import type { HomeSnapshot } from "../ha/index.js";

/** assist_satellite's AssistSatelliteEntityFeature flags (homeassistant/components/assist_satellite/const.py). */
export const SATELLITE_FEATURES = { announce: 1, startConversation: 2 } as const;

export interface SatelliteChoice {
  /** The satellite to speak on, if one is available. */
  satellite?: string;
  /** The satellites passed over because HA has them unavailable (or has no such entity). */
  unavailable: string[];
}

/**
 * Where something about `entityId` is said aloud: an available Assist satellite in that entity's area
 * (its own, else its device's), else the configured one. None available: the unavailable ones it passed.
 */
export function chooseSatellite(
  home: HomeSnapshot,
  entityId: string | undefined,
  configured: string | undefined,
): SatelliteChoice {
  const unavailable: string[] = [];
  for (const candidate of [...satellitesInAreaOf(home, entityId), ...(configured ? [configured] : [])]) {
    if (isAvailable(home, candidate)) return { satellite: candidate, unavailable };
    if (!unavailable.includes(candidate)) unavailable.push(candidate);
  }
  return { unavailable };
}

/** The area's satellites, by id (HA's registries say which area an entity is in). */
export function satellitesInAreaOf(home: HomeSnapshot, entityId: string | undefined): string[] {
  const { directory } = home;
  const index = entityId === undefined ? undefined : directory.byId.get(entityId);
  const area = index === undefined ? undefined : directory.entities[index]!.areaId;
  if (!area) return [];
  return directory.entities
    .filter((e) => e.domain === "assist_satellite" && e.areaId === area)
    .map((e) => e.entityId)
    .sort();
}

/** The area's name, for words about where something is. */
export function areaNameOf(home: HomeSnapshot, entityId: string): string | undefined {
  const index = home.directory.byId.get(entityId);
  const area = index === undefined ? undefined : home.directory.entities[index]!.areaId;
  return area ? home.directory.areas.get(area)?.name : undefined;
}

function isAvailable(home: HomeSnapshot, entityId: string): boolean {
  const state = home.states[entityId]?.state;
  return state !== undefined && state !== "unavailable";
}
