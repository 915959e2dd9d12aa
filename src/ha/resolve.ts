import type { AreaInfo, AreaTerm, EntityDirectory, EntityInfo } from "./directory.js";
import { EXACT, MIN_SCORE, scoreNames } from "./name-scores.js";
import { findWord, isCjk, normalize, similarityOf, type NormalizedText } from "./text.js";
import { FILLERS, KIND_WORDS, PLACE_SUFFIXES, RESIDUAL_PARTICLES, kindFit, type Kind } from "./vocabulary.js";

export interface Candidate {
  entity: EntityInfo;
  /** 0..1; 1 is an exact name. */
  score: number;
}

/** How a query was read: the areas and kinds of device it names, and what is left over. */
export interface Reading {
  areaIds: string[];
  kinds: Kind[];
  residual: string;
}

export interface Filters {
  domains?: string[];
  areaIds?: string[];
  deviceClasses?: string[];
  entityIds?: string[];
}

export type Resolution = (
  | /** Everything of a kind and/or in an area ("客厅的灯", "all lights", only filters). */
    { kind: "group"; candidates: Candidate[] }
    /** Best-first; the first may be a clear winner (see `clearWinner`). */
  | { kind: "ranked"; candidates: Candidate[] }
  /** Nothing close; `candidates` holds the nearest names, for "did you mean". */
  | { kind: "none"; candidates: Candidate[] }
) & {
  reading: Reading;
  /** Entities that match well but are not exposed to Assist (and so are not offered). */
  unexposed: Candidate[];
};

export { EXACT, MIN_SCORE } from "./name-scores.js";
/** Scores below this come from gram overlap alone (no containment), see text.ts similarity(). */
const FUZZY_CEILING = 0.8;
const RANK_WINDOW = 0.2;
/** Below this a candidate is not even a "closest match". */
const RELEVANT = 0.15;
const ENTITY_ID = /^[a-z_]+\.[a-z0-9_]+$/;

/** Finds the entities a text (and/or filters) means. Pure; reads only the directory. */
export function resolve(dir: EntityDirectory, text: string, filters: Filters = {}): Resolution {
  const fits = filterPredicate(dir, filters);
  const trimmed = text.trim();
  const emptyReading: Reading = { areaIds: [], kinds: [], residual: "" };
  if (!trimmed) {
    const named = Boolean(filters.entityIds?.length);
    const all = dir.entities
      .filter((e) => fits(e) && (named || !e.secondary))
      .map((entity) => ({ entity, score: 1 }));
    return split(all, (visible, unexposed) => ({
      kind: "group",
      candidates: byName(visible),
      unexposed: named ? unexposed : [],
      reading: emptyReading,
    }));
  }
  if (ENTITY_ID.test(trimmed.toLowerCase())) {
    const entity = dir.get(trimmed.toLowerCase());
    // An exact id outside the filters means that entity, not a fuzzy neighbour inside them.
    if (entity && !fits(entity))
      return { kind: "none", candidates: [], unexposed: [], reading: emptyReading };
    if (entity) {
      const hit = [{ entity, score: 1 }];
      return entity.exposed
        ? { kind: "ranked", candidates: hit, unexposed: [], reading: emptyReading }
        : { kind: "none", candidates: [], unexposed: hit, reading: emptyReading };
    }
  }

  const query = normalize(trimmed);
  const reading = interpret(query, dir, filters.domains);
  const saidExactly = new Set<number>();
  const namedWhole = new Set<number>();
  const nameScores = scoreNames(dir, query.compact, fits, {
    literal: query.literal,
    saidExactly,
    namedWhole,
  });
  const residualScores = reading.residual ? scoreNames(dir, reading.residual, fits) : undefined;
  const structured = reading.areaIds.length > 0 || reading.kinds.length > 0;
  const areaSet = new Set(reading.areaIds);

  const scored: Candidate[] = [];
  let topVisible = 0;
  let topUnexposed = 0;
  const groupMembers: Candidate[] = [];
  dir.entities.forEach((entity, index) => {
    if (!fits(entity)) return;
    let score = nameScores[index]!;
    if (structured) {
      const inArea = areaSet.size === 0 || (entity.areaId !== undefined && areaSet.has(entity.areaId));
      const fit = kindsFit(reading.kinds, entity, filters.domains);
      // A partial name match that contradicts the area or kind said ("bedroom" + "temperature" vs a
      // media player called Bedroom) is a weak match; not so a name that holds the whole query (a
      // switch called "Desk Lamp One" for "desk lamp": the kind word is part of its name).
      if (score < EXACT && !namedWhole.has(index)) score *= (inArea ? 1 : 0.8) * (fit > 0 ? 1 : 0.6);
      const s =
        inArea && fit > 0 ? fit * (reading.residual ? 0.25 + 0.7 * (residualScores?.[index] ?? 0) : 0.9) : 0;
      if (s > 0 && !reading.residual && !entity.secondary) groupMembers.push({ entity, score: s });
      // A fuzzy name score also counts the area and kind words; what identifies the device is the rest.
      score = reading.residual && score < FUZZY_CEILING ? Math.max(s, score * 0.6) : Math.max(score, s);
    }
    if (score >= RELEVANT) {
      scored.push({ entity, score });
      if (entity.exposed) topVisible = Math.max(topVisible, score);
      else topUnexposed = Math.max(topUnexposed, score);
    }
  });
  // Only the candidates near the top are ever shown or compared: sort just those.
  const near = scored.filter((c) => c.score >= (c.entity.exposed ? topVisible : topUnexposed) - RANK_WINDOW);
  near.sort(best);

  return split(near, (visible, unexposedAll) => {
    const top = visible[0];
    const unexposed = unexposedAll.filter((c) => c.score >= 0.75 && c.score > (top?.score ?? 0));
    const meantUnexposed = (unexposed[0]?.score ?? 0) >= EXACT && (top?.score ?? 0) < 0.9;
    if (!top || top.score < MIN_SCORE || meantUnexposed) {
      return { kind: "none", candidates: visible.slice(0, 5), unexposed, reading };
    }
    const group = groupMembers.filter((c) => c.entity.exposed).sort(best);
    const groupFloor = (group[0]?.score ?? 0) - RANK_WINDOW;
    // Only a name said exactly beats the room and kind reading: "客厅灯" is the lamp of that name,
    // "客厅的灯" every light in the room.
    const exactName = top.score >= EXACT && saidExactly.has(dir.byId.get(top.entity.entityId)!);
    if (group.length > 0 && !exactName) {
      return { kind: "group", candidates: group.filter((c) => c.score >= groupFloor), unexposed, reading };
    }
    const floor = Math.max(MIN_SCORE, top.score - RANK_WINDOW);
    return { kind: "ranked", candidates: visible.filter((c) => c.score >= floor), unexposed, reading };
  });
}

/** True when the first ranked candidate is clearly the one meant. */
export function clearWinner(candidates: Candidate[]): boolean {
  const [first, second] = candidates;
  if (!first) return false;
  if (!second) return true;
  if (first.score >= EXACT && second.score < EXACT) return true;
  return first.score - second.score >= 0.1;
}

/** Areas named by `text` (name, alias or floor); exact first, then the closest. */
export function resolveAreas(dir: EntityDirectory, text: string): AreaInfo[] {
  const compact = normalize(text).compact;
  const exact = dir.areaTerms.find((t) => t.compact === compact);
  const ids = exact?.areaIds ?? bestAreaTerm(dir, text);
  return ids.map((id) => dir.areas.get(id)!).filter(Boolean);
}

function bestAreaTerm(dir: EntityDirectory, text: string): string[] {
  let bestScore = 0.6;
  let ids: string[] = [];
  for (const area of dir.areas.values()) {
    for (const name of [area.name, ...area.aliases]) {
      const score = similarityOf(text, name);
      if (score > bestScore) [bestScore, ids] = [score, [area.id]];
    }
  }
  return ids;
}

/**
 * Reads areas and kinds of device out of a query; what remains (minus filler words) is the residual.
 * With `domains` (the service's domain says what is meant), a kind word that fits none of them is a
 * word of the name: "阳台灯" for a switch is the switch of that name, not a light.
 */
export function interpret(query: NormalizedText, dir: EntityDirectory, domains?: string[]): Reading {
  const taken = new Uint8Array(query.compact.length);
  /** Takes `word` where `free` (all that is taken, by default) is still free; a place with its 里. */
  const take = (word: string, free = taken, place = false): boolean => {
    for (let from = 0; ;) {
      const at = findWord(query, word, from);
      if (at < 0) return false;
      if (!free.subarray(at, at + word.length).some(Boolean)) {
        // "院子里的灯", "客厅里面的灯": 里 after a place says "in" it.
        const after = query.compact.slice(at + word.length);
        const inIt = place ? (PLACE_SUFFIXES.find((suffix) => after.startsWith(suffix)) ?? "") : "";
        const end = at + word.length + inIt.length;
        taken.fill(1, at, end);
        free.fill(1, at, end);
        return true;
      }
      from = at + 1;
    }
  };
  // "二楼主卧" is the master bedroom on the second floor: a floor said with an area narrows it.
  const named = new Set<string>();
  const onFloors = new Set<string>();
  for (const term of dir.areaTerms)
    if (!term.family && take(term.compact, taken, true))
      term.areaIds.forEach((id) => (term.floor ? onFloors : named).add(id));
  const narrowed = [...named].filter((id) => onFloors.has(id));
  const areaIds = new Set(named.size ? (narrowed.length ? narrowed : named) : onFloors);
  const kinds = new Set<Kind>();
  for (const { word, kind } of KIND_WORDS) if (fitsDomains(kind, domains) && take(word)) kinds.add(kind);
  // A word for a kind of place ("outside", 院子) counts where no area or floor is named and no device
  // elsewhere is named with it ("the outside temperature" is the sensor of that name); it may hold a kind
  // word ("the front door" is a door at the entrance).
  if (!areaIds.size) {
    const places = new Uint8Array(query.compact.length);
    const free = (term: AreaTerm) =>
      !term.namedElsewhere?.some((d) => !domains?.length || domains.includes(d));
    for (const term of dir.areaTerms)
      if (term.family && free(term) && take(term.compact, places, true))
        term.areaIds.forEach((id) => areaIds.add(id));
  }

  let residual = "";
  let offset = 0;
  for (const token of query.tokens) {
    let piece = "";
    for (let i = 0; i < token.length; i++) if (!taken[offset + i]) piece += token[i];
    offset += token.length;
    if (!piece || FILLERS.has(piece)) continue;
    if (isCjk(piece)) {
      for (const filler of FILLERS)
        if (piece.includes(filler) && isCjk(filler)) piece = piece.replace(filler, "");
      for (const particle of RESIDUAL_PARTICLES) piece = piece.replaceAll(particle, "");
    }
    residual += piece;
  }
  return { areaIds: [...areaIds], kinds: [...kinds], residual };
}

function fitsDomains(kind: Kind, domains: string[] | undefined): boolean {
  return !domains?.length || kind.matches.some((m) => domains.includes(m.domain));
}

/**
 * How well an entity fits the kinds said. The service's domain says what kind is meant: within it, the
 * looser reading of a word is the reading ("the shower temperature" for climate.set_temperature is the
 * shower's thermostat, "the door" for lock.lock its lock), so fits are measured against the best the
 * word can be in those domains.
 */
function kindsFit(kinds: Kind[], entity: EntityInfo, domains?: string[]): number {
  let fit = kinds.length ? 0 : 1;
  for (const kind of kinds) {
    const raw = kindFit(kind, entity.domain, entity.deviceClass);
    const ceiling = domains?.length ? Math.max(...domains.map((d) => kindFit(kind, d, undefined, true))) : 1;
    fit = Math.max(fit, ceiling > 0 && ceiling < 1 ? Math.min(1, raw / ceiling) : raw);
  }
  return fit;
}

function filterPredicate(dir: EntityDirectory, filters: Filters): (e: EntityInfo) => boolean {
  const domains = filters.domains?.length ? new Set(filters.domains) : undefined;
  const areas = filters.areaIds?.length ? new Set(filters.areaIds) : undefined;
  const classes = filters.deviceClasses?.length ? new Set(filters.deviceClasses) : undefined;
  const ids = filters.entityIds?.length ? new Set(filters.entityIds) : undefined;
  return (e) =>
    (!domains || domains.has(e.domain)) &&
    (!areas || (e.areaId !== undefined && areas.has(e.areaId))) &&
    (!classes || (e.deviceClass !== undefined && classes.has(e.deviceClass))) &&
    (!ids || ids.has(e.entityId));
}

function split(
  all: Candidate[],
  build: (visible: Candidate[], unexposed: Candidate[]) => Resolution,
): Resolution {
  return build(
    all.filter((c) => c.entity.exposed),
    all.filter((c) => !c.entity.exposed),
  );
}

function best(a: Candidate, b: Candidate): number {
  return (
    b.score - a.score ||
    Number(a.entity.secondary) - Number(b.entity.secondary) ||
    a.entity.name.length - b.entity.name.length ||
    (a.entity.entityId < b.entity.entityId ? -1 : 1)
  );
}

function byName(candidates: Candidate[]): Candidate[] {
  return candidates.sort((a, b) => a.entity.name.localeCompare(b.entity.name));
}
