import type { EntityDirectory, EntityInfo } from "./directory.js";
import { grams, similarity } from "./text.js";

/** Below this nothing is a match. */
export const MIN_SCORE = 0.6;
/** At or above this a name is said exactly. */
export const EXACT = 0.97;

/** What scoreNames() notes besides the scores, by entity index. */
export interface NameMatches {
  /** The query as said (see text.ts `literal`). */
  literal: string;
  /** Entities with a name that is exactly the query as said. */
  saidExactly: Set<number>;
  /** Entities with a name that holds the whole query. */
  namedWhole: Set<number>;
}

/**
 * Best weighted similarity of `compact` to any name of each entity (indexed by entity), via the gram index.
 * Former names (a renamed entity's original name) count only where no current name of an entity that
 * `fits` scores MIN_SCORE: as in HA's intents, the current name and aliases identify an entity, and a
 * name given away never ties with the entity that holds it now.
 */
export function scoreNames(
  dir: EntityDirectory,
  compact: string,
  fits: (e: EntityInfo) => boolean,
  matches?: NameMatches,
): Float32Array {
  const scores = new Float32Array(dir.entities.length);
  if (!compact) return scores;
  let former: [entity: number, score: number][] | undefined;
  const queryGrams = grams(compact);
  const { counts, touched } = dir.scratch();
  let touchedCount = 0;
  for (const gram of queryGrams) {
    const list = dir.postings.get(gram);
    if (!list) continue;
    for (const name of list) if ((counts[name] = counts[name]! + 1) === 1) touched[touchedCount++] = name;
  }
  for (let i = 0; i < touchedCount; i++) {
    const nameIndex = touched[i]!;
    const name = dir.names[nameIndex]!;
    const plain = similarity(compact, queryGrams.length, name.compact, name.gramCount, counts[nameIndex]!);
    const score = plain * name.weight;
    counts[nameIndex] = 0;
    if (name.former) {
      (former ??= []).push([name.entity, score]);
      continue;
    }
    if (score > scores[name.entity]!) scores[name.entity] = score;
    // Containment scores ≥ 0.8 (text.ts similarity); the rarer check for which way round only then.
    if (!matches || plain < 0.8 || !name.compact.includes(compact)) continue;
    matches.namedWhole.add(name.entity);
    if (score >= EXACT && (name.literal ?? name.compact) === matches.literal)
      matches.saidExactly.add(name.entity);
  }
  if (former && !scores.some((score, i) => score >= MIN_SCORE && fits(dir.entities[i]!)))
    for (const [entity, score] of former) if (score > scores[entity]!) scores[entity] = score;
  return scores;
}
