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

const words = (text: string): string[] => text.split("|");

/*
 * Gardens and yards. home-assistant-datasets: areas Garden, Front Garden, Coastal Garden, Courtyard garden,
 * Backyard, Front Yard, Courtyard, Shared Courtyard; the sprinklers are in Backyard (family-farmhouse-us,
 * home3-us, beach-bungalow-us, where they are "Water the lawn") and Garden (maison-de-campagne-fr).
 * cyrene-zh beijing-house-cn: area 花园 with alias 院子, said "院子浇水", "院子的灯打开". intents
 * sentences/zh-cn/_common.yaml: cover_classes gate "院子门" (the yard's gate). HA's zh-Hans translations:
 * "My lawn" is 我的草坪 (husqvarna_automower).
 */
const YARD = words("garden|yard|backyard|courtyard|lawn|花园|院子|草坪");

export const PLACE_FAMILIES: PlaceFamily[] = [
  { label: "garden", said: YARD, areaWords: YARD },
  /*
   * Outside. intents tests/en/_fixtures.yaml: an area "Outside" ("prepositional area", said as "are any
   * shades open outside?" in tests/en/cover_HassGetState.yaml) and "Outside Temperature"; zh-cn fixtures
   * "室外温度", zh-tw "戶外溫度". HA's zh-Hans translations: "Outdoor" is 户外 (home_connect, netatmo),
   * outdoor/outside sensors 室外 (airzone_cloud, vicare, plugwise), "Locked out" 被锁在外面 (tailwind).
   * home-assistant-datasets: the devices named "Outdoor …" are in Rooftop Terrace, Patio, Garden, Outdoor
   * Kitchen and Outdoor Fire Pit; its outdoor areas are Terrace, Rooftop Terrace, Infinity Pool Terrace,
   * Patio, (Front, Wrap-around, Screened-in) Porch, (Front) Deck, (Juliet) Balcony, Veranda and the yards
   * above; cyrene-zh shanghai-apartment-cn: 阳台. "Pool" is left out: the same data has "Pool (in building)".
   * "outdoors" is "outdoor" once normalised (text.ts singular).
   */
  {
    label: "outside",
    said: words("outside|outdoor|外面|户外|室外"),
    areaWords: [...words("terrace|patio|porch|deck|balcony|veranda|阳台"), ...YARD],
  },
  /*
   * The entrance. intents tests/en/_fixtures.yaml: the lock "Front Door" is in the area "Entrance"; zh-cn
   * (and zh-hk) fixtures: the lock 前门 in the area 玄关; zh-tw: the area 入口. home-assistant-datasets: the
   * "Front Door" locks are in Entryway (maison-de-campagne-fr, where it is also "the entryway door") and
   * Shared Hallway (home8-ru). cyrene-zh shanghai-apartment-cn: 入户门锁 in 玄关, said "解锁入户门".
   */
  {
    label: "entrance",
    said: words("entrance|entry|entryway|front door|玄关|入户|入口|前门"),
    areaWords: words("hallway"),
  },
];

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
