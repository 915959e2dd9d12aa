/**
 * The words of one language that resolution reads to find the devices a phrase means (src/ha/): the
 * kinds of device, "all", the words around a request, and the words for kinds of place and rooms. Each
 * list says where it comes from, Home Assistant's intents data first (OHF-Voice/intents, formerly
 * home-assistant/intents: sentences/<lang>/_common.yaml, its lists, expansion rules and skip words, and
 * tests/<lang>/_fixtures.yaml, at commit 4cc318b1). A name is read the same in every language; these
 * words only help read what is said around names.
 */

/** The kinds of device resolution tells apart (src/ha/vocabulary.ts says which domains fit each). */
export const KIND_LABELS = [
  "light",
  "switch",
  "plug",
  "lock",
  "climate",
  "curtain",
  "blind",
  "shade",
  "shutter",
  "awning",
  "garage door",
  "gate",
  "cover",
  "window",
  "door",
  "fan",
  "temperature",
  "humidity",
  "battery",
  "power",
  "energy",
  "air quality",
  "illuminance",
  "motion sensor",
  "leak sensor",
  "smoke sensor",
  "sensor",
  "vacuum",
  "media player",
  "tv",
  "speaker",
  "music",
  "scene",
  "script",
  "automation",
  "alarm",
  "humidifier",
  "water heater",
  "camera",
  "valve",
  "todo",
  "siren",
  "button",
  "weather",
  "person",
] as const;
export type KindLabel = (typeof KIND_LABELS)[number];

/** The kinds of place a word may mean without naming an area (src/ha/place-words.ts). */
export const PLACE_LABELS = ["garden", "outside", "entrance"] as const;
export type PlaceLabel = (typeof PLACE_LABELS)[number];

export interface PlaceWords {
  /** What people call the place. */
  said: readonly string[];
  /** Words of area names that make an area that kind of place (besides `said`). */
  areaWords: readonly string[];
}

export interface HomeWords {
  /** The words for each kind of device, singular and plural where the plural is not a plain "-s". */
  kinds: { readonly [K in KindLabel]: readonly string[] };
  /** The kind words above that are plurals without a plain "-s" ("Lichter", "rideaux"): several are meant. */
  plurals: readonly string[];
  /** Words that say every one of what the rest names (HA's `all` expansion rule). */
  all: readonly string[];
  /**
   * Words that ask for an action, politeness, articles and joining words: stripped from the start of a
   * target phrase, never into a name ("turn on the", "schalte die", "allume la", 请把).
   */
  requestStart: readonly string[];
  /** Words that end a request without naming anything ("… on", "… an", "… einschalten", 一下). */
  requestEnd: readonly string[];
  /**
   * Words that carry no meaning for finding a device wherever they stand: articles, prepositions that join
   * a device to a room or floor ("in the", "im", "dans la", "au"), "here" (the speaker's room decides).
   */
  fillers: readonly string[];
  /**
   * Words that say what to do to a device, not which ("volume", "brightness", "Helligkeit", "luminosité"):
   * a phrase made only of these, rooms and kinds names no device.
   */
  actionWords: readonly string[];
  /**
   * Words that name the speaker's room ("here", "hier", "ici", 这里: HA's `hier`/`ici` rules and the
   * `context: area` of its tests): with a satellite's room known, the devices are that room's.
   */
  here: readonly string[];
  /**
   * Words that join the devices of a list ("the lamp and the fan", 台灯和风扇); commas and 、 join in every
   * language (src/ha/resolve-phrase.ts listParts).
   */
  listJoiners: readonly string[];
  /**
   * What follows a place to say "in" it, read with the place ("院子里的灯", "客厅里面的灯": 里, 里面); none
   * where a preposition comes first (those are fillers).
   */
  placeSuffixes: readonly string[];
  /**
   * Particles dropped from what is left of a phrase written without spaces once its rooms and kinds are
   * read (请, 把, 吗): they never name a device. None for a language written with spaces.
   */
  residualParticles: readonly string[];
  /**
   * Whole value phrases of a language written without spaces ("调到26度", "设置为百分之五十"), taken out of a
   * target before it is read; `first` before the Latin value forms built from `value`, `last` after them
   * (global patterns).
   */
  valuePhrases: { first: readonly RegExp[]; last: readonly RegExp[] };
  /** Action words that stay in a target, as a device may be named with them ("it", "mode", 度). */
  keptActionWords: readonly string[];
  /** The words that join a value to the action ("to 50%", "auf 50 %", "à 50 %") and its units. */
  value: { joiners: readonly string[]; units: readonly string[] };
  /** The kinds of place. */
  places: { readonly [P in PlaceLabel]: PlaceWords };
  /**
   * Head words of room names: a room this home does not have is named, not a word it never heard
   * (src/ha/reread.ts).
   */
  roomWords: readonly string[];
}

/** "a|b|c" → its words. */
export const list = (text: string): string[] => (text ? text.split("|") : []);
