import { PLACE_LABELS } from "../words/home.js";
import { everyPack } from "../words/packs.js";
import { findWord, normalize, type NormalizedText } from "./text.js";

/**
 * Everyday words for a kind of place ("outside", "the garden", "the front door", 院子, 玄关) and the words
 * in area names that make an area that kind of place. Said where no area is named, such a word means the
 * areas of this home whose name or alias holds one of `areaWords` (or a `said` word: an area called
 * "Outside"). An area word said alone ("the porch" for the Wrap-around Porch) is a part of a room's name,
 * read as any other part is (reread.ts). Floors ("upstairs", 二楼) are not here: HA's floors name them
 * (area-terms.ts).
 *
 * Only words with a public source go in: home-assistant/intents (sentence lists, slot lists, test
 * fixtures) and HA's own zh-Hans translations; the area names of the homes in
 * allenporter/home-assistant-datasets (device-actions-v2-fixtures) and of eval/datasets/cyrene-zh.
 */
export interface PlaceFamily {
  /** Short label, for tests and messages. */
  label: string;
  /** What people call the place. */
  said: string[];
  /** Words of area names that belong to it (matched as whole words; in Chinese, anywhere). */
  areaWords: string[];
}

/**
 * The families, their words from every pack (src/words, `places`, each list citing its source). Outside
 * holds the yards too: a garden is outside.
 */
export const PLACE_FAMILIES: PlaceFamily[] = PLACE_LABELS.map((label) => {
  const said = everyPack((pack) => pack.home.places[label].said);
  const areaWords = everyPack((pack) => pack.home.places[label].areaWords);
  const yard = label === "outside" ? everyPack((pack) => pack.home.places.garden.said) : [];
  return { label, said, areaWords: label === "garden" ? said : [...areaWords, ...yard] };
});

const compact = (word: string) => normalize(word).compact;
/** Each family's words (said and area words), compact, once. */
const WORDS = new Map(PLACE_FAMILIES.map((f) => [f, [...new Set([...f.said, ...f.areaWords].map(compact))]]));

/** The families whose words appear in an area's names (its name and aliases). */
export function familiesOf(areaNames: string[]): PlaceFamily[] {
  const names = areaNames.map(normalize);
  return PLACE_FAMILIES.filter((family) => heldWords(family, names).length > 0);
}

/** The place words that mean some of these areas (compact form → area ids): each family's words, for the areas of that family. */
export function placeTerms(areas: { id: string; names: string[] }[]): Map<string, string[]> {
  const terms = new Map<string, string[]>();
  const add = (word: string, id: string) => {
    const ids = terms.get(word) ?? [];
    if (!ids.includes(id)) terms.set(word, [...ids, id]);
  };
  for (const area of areas) {
    const names = area.names.map(normalize);
    for (const family of PLACE_FAMILIES) {
      const held = heldWords(family, names);
      if (!held.length) continue;
      for (const word of family.said) add(compact(word), area.id);
    }
  }
  return terms;
}

/** The family's words (compact) that the names hold. */
function heldWords(family: PlaceFamily, names: NormalizedText[]): string[] {
  return WORDS.get(family)!.filter((word) => names.some((name) => findWord(name, word) >= 0));
}
