import { placeTerms } from "./place-words.js";
import { findWord, normalize } from "./text.js";
import type { Registries } from "./types.js";

/** What a room is called: its name, aliases and floor, and the words for its kind of place. */

export interface AreaInfo {
  id: string;
  name: string;
  aliases: string[];
  floorName?: string;
}

export interface AreaTerm {
  compact: string;
  areaIds: string[];
  /** The name of a floor (its areas), not of an area. */
  floor?: boolean;
  /** A word for a kind of place ("outside": the areas of that kind, place-words.ts), weaker than a name. */
  family?: boolean;
  /** The domains of devices outside `areaIds` named with this place word ("Outside Temperature"). */
  namedElsewhere?: string[];
}

export function areasOf(registries: Registries): AreaInfo[] {
  const floors = new Map(registries.floors.map((f) => [f.floor_id, f]));
  return registries.areas.map((area) => ({
    id: area.area_id,
    name: area.name,
    aliases: area.aliases ?? [],
    floorName: area.floor_id ? floors.get(area.floor_id)?.name : undefined,
  }));
}

/**
 * Area names, aliases, floor names and the words for the kinds of place among the areas, longest first;
 * every word of them goes into `words` (the words the home can be told by).
 */
export function areaTermsOf(registries: Registries, words: Set<string>): AreaTerm[] {
  const floors = new Map(registries.floors.map((f) => [f.floor_id, f]));
  const terms = new Map<string, Set<string>>();
  const floorTerms = new Set<string>();
  const addTerm = (text: string, areaId: string, floor = false) => {
    const { compact, tokens } = normalize(text);
    if (!compact) return;
    for (const token of tokens) words.add(token);
    const ids = terms.get(compact) ?? new Set<string>();
    ids.add(areaId);
    terms.set(compact, ids);
    if (floor) floorTerms.add(compact);
  };
  for (const area of registries.areas) {
    const floor = area.floor_id ? floors.get(area.floor_id) : undefined;
    for (const name of [area.name, ...(area.aliases ?? [])]) addTerm(name, area.area_id);
    if (floor) for (const name of [floor.name, ...(floor.aliases ?? [])]) addTerm(name, area.area_id, true);
  }
  const out: AreaTerm[] = [];
  // The words for a kind of place this home has, where they are not some area's or floor's own name.
  const places = placeTerms(
    registries.areas.map((a) => ({ id: a.area_id, names: [a.name, ...(a.aliases ?? [])] })),
  );
  for (const [compact, areaIds] of places)
    if (!terms.has(compact)) out.push({ compact, areaIds, family: true });
  for (const [compact, ids] of terms)
    out.push({ compact, areaIds: [...ids], ...(floorTerms.has(compact) ? { floor: true } : {}) });
  return out.sort((a, b) => b.compact.length - a.compact.length);
}

/** A place word in the name of a device outside its areas is that device's word (resolve.ts). */
export function markNamedElsewhere(
  terms: AreaTerm[],
  names: readonly { entity: number; compact: string }[],
  entities: readonly { name: string; domain: string; areaId?: string; exposed: boolean }[],
): void {
  const places = terms.filter((t) => t.family);
  if (!places.length) return;
  const holding = new Set<number>();
  for (const name of names)
    if (places.some((t) => name.compact.includes(t.compact))) holding.add(name.entity);
  for (const index of holding) {
    const entity = entities[index]!;
    if (!entity.exposed) continue;
    const name = normalize(entity.name);
    for (const term of places) {
      const inside = entity.areaId !== undefined && term.areaIds.includes(entity.areaId);
      if (inside || findWord(name, term.compact) < 0) continue;
      term.namedElsewhere ??= [];
      if (!term.namedElsewhere.includes(entity.domain)) term.namedElsewhere.push(entity.domain);
    }
  }
}
