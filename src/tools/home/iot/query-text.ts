import type { EntityDirectory, Filters } from "../../../ha/index.js";

const ENTITY_ID = /^[a-z_]+\.[a-z0-9_]+$/;

export interface QueryReading {
  /** What is left for name resolution ("" when the query was only ids or a domain). */
  text: string;
  filters: Filters;
  /** Ids in an id list that Home Assistant does not have. */
  unknownIds: string[];
}

/**
 * Reads iot_query's one `query` string. Two forms are taken as filters rather than names: a list
 * of entity ids ("light.a, light.b") and a bare domain ("binary_sensor", "lights"). Anything else,
 * a single entity id included, goes to name resolution, which reads areas and kinds of device.
 */
export function readQuery(dir: EntityDirectory, raw: string): QueryReading {
  const text = raw.trim();
  const parts = text
    .toLowerCase()
    .split(/[\s,，、;]+/)
    .filter(Boolean);
  if (parts.length > 1 && parts.every((p) => ENTITY_ID.test(p))) {
    return { text: "", filters: { entityIds: parts }, unknownIds: parts.filter((id) => !dir.get(id)) };
  }
  const domain = exposedDomain(dir, parts.join("_"));
  if (domain) return { text: "", filters: { domains: [domain] }, unknownIds: [] };
  return { text, filters: {}, unknownIds: [] };
}

/** "light", "Lights", "media_players" → that domain, when exposed entities have it. */
function exposedDomain(dir: EntityDirectory, word: string): string | undefined {
  if (!word) return undefined;
  const domains = new Set(dir.entities.filter((e) => e.exposed).map((e) => e.domain));
  return [word, word.replace(/s$/, ""), word.replace(/es$/, "")].find((d) => domains.has(d));
}
