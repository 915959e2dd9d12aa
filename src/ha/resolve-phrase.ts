import type { EntityDirectory, EntityInfo } from "./directory.js";
import { interpret } from "./resolve.js";
import { isCjk, normalize } from "./text.js";
import { everyPack } from "../words/packs.js";
import { KIND_WORDS, kindFit } from "./vocabulary.js";

/**
 * What a control target says once the request around it is taken away. Literal-minded models pass the
 * user's whole sentence ("Please turn on the kitchen range hood", "把卧室的阳台灯打开"); the words that
 * ask for the action never name the device, so they must not widen or blur the match.
 */

const cjkFirst = (words: string[]) => words.filter(isCjk);
const latinSet = (words: string[]) => new Set(words.filter((w) => !isCjk(w)).map(plain));

/** Latin words that ask for an action or are politeness (every pack's); stripped only at the start. */
const LEADING = latinSet(everyPack((pack) => pack.home.requestStart));
/** Latin words that end a request without naming anything ("Deck light on", "… please", "Licht an"). */
const TRAILING = latinSet(everyPack((pack) => pack.home.requestEnd));
/** Articles never name a device, wherever they are. */
const ARTICLES = new Set(["the", "a", "an"]);

/** Chinese request words, longest first, stripped from the start or the end of the phrase. */
const CJK_LEADING = cjkFirst(everyPack((pack) => pack.home.requestStart)).sort((a, b) => b.length - a.length);
const CJK_TRAILING = cjkFirst(everyPack((pack) => pack.home.requestEnd)).sort((a, b) => b.length - a.length);

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternatives = (words: string[]) =>
  words
    .filter((w) => !isCjk(w))
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|");
const JOINERS = alternatives(everyPack((pack) => pack.home.value.joiners));
const UNITS = alternatives(everyPack((pack) => pack.home.value.units));
/** Letters of any script: a Latin word ends where they do ("à 50 %", "auf 20 Prozent"). */
const END = "(?![\\p{L}\\p{N}])";
const START = "(?<![\\p{L}\\p{N}])";

/** A value the action sets ("to 50%", "22 degrees", "auf 20 %", "à 50 %", "调到26度", "亮度50%"), never part of a device name. */
const SETTINGS = [
  ...everyPack((pack) => pack.home.valuePhrases.first),
  new RegExp(
    `${START}(?:${JOINERS})\\s+\\d+(?:[.,]\\d+)?\\s*(?:(?:${UNITS})${END}(?:\\s+(?:celsius|fahrenheit))?)?(?:\\s+(?:brightness|volume|bright)${END})?`,
    "giu",
  ),
  new RegExp(
    `${START}\\d+(?:[.,]\\d+)?\\s*(?:${UNITS})${END}(?:\\s+(?:celsius|fahrenheit))?(?:\\s+(?:brightness|volume|bright)${END})?`,
    "giu",
  ),
  ...everyPack((pack) => pack.home.valuePhrases.last),
];

/** Chinese words that ask for an action, wherever they stand: they never name a device. */
export const REQUEST_WORDS_CJK: readonly string[] = [...new Set([...CJK_LEADING, ...CJK_TRAILING])];

/**
 * Words that say what to do to a device, not which: once the request is gone, a phrase made only of
 * these (with areas and kinds) names no device, so the only candidate is meant ("volume", "next song").
 */
export const SERVICE_WORDS: ReadonlySet<string> = new Set(
  everyPack((pack) => pack.home.actionWords).map((w) => normalize(w).compact),
);

const KEPT_ACTION_WORDS = new Set(everyPack((pack) => pack.home.keptActionWords));

/** Each service word's words, normalised: "color temperature" is said with a space its compact form lacks. */
const ACTION_TOKENS = new Map(
  everyPack((pack) => pack.home.actionWords).map((w) => [normalize(w).compact, normalize(w).tokens]),
);

/**
 * Service words that are not also words for a kind of device (music, song are: they pick speakers),
 * longest first: "color temperature" goes whole before "color" leaves "temperature" behind.
 */
const ACTION_WORDS = [...SERVICE_WORDS]
  .filter((w) => w.length > 1 && !KIND_WORDS.some((k) => k.word === w) && !KEPT_ACTION_WORDS.has(w))
  .sort((a, b) => b.length - a.length);

/**
 * Each action word with its pattern, compiled once: a Latin action word takes the value after it along
 * ("speaker volume 25" → "speaker").
 */
const ACTION_PATTERNS = ACTION_WORDS.map((word) => {
  const tokens = ACTION_TOKENS.get(word) ?? [word];
  return {
    word,
    first: tokens[0]!,
    cjk: isCjk(word),
    latin: new RegExp(
      `${START}${tokens.map(escape).join("\\s+")}s?${END}(?:\\s+(?:${JOINERS})?\\s*\\d+(?:[.,]\\d+)?\\s*%?)?`,
      "giu",
    ),
  };
});

/** The target with the request around it taken away: "Please turn on the Garage Light" → "Garage Light". */
export function targetCore(dir: EntityDirectory, text: string, domains?: string[]): string {
  let phrase = text.normalize("NFKC").trim();
  for (const setting of SETTINGS) phrase = phrase.replace(setting, " ");
  const words = phrase.split(/\s+/).filter(Boolean);
  // "back" asks for an action ("go back") but starts a name or a room ("Back Bedroom").
  const keeps = (from: number) => {
    const start = normalize(words.slice(from, from + 2).join(" ")).compact;
    return dir.startsAName(start, domains) || dir.areaTerms.some((t) => t.compact.startsWith(start));
  };
  // All of it may go: "pause", "turn it down" name no device (see unnamedCandidates).
  while (words.length && LEADING.has(plain(words[0]!)) && !keeps(0)) words.shift();
  while (words.length && TRAILING.has(plain(words[words.length - 1]!))) words.pop();
  const latin = words.filter((w) => !ARTICLES.has(plain(w))).join(" ");
  const rest = withoutActionWords(dir, stripCjk(dir, latin, domains), domains)
    .split(/\s+/)
    .filter(Boolean);
  // What ended the request before its value went: "mets la couleur en vert" → "en".
  while (rest.length && TRAILING.has(plain(rest[rest.length - 1]!))) rest.pop();
  const core = rest.join(" ");
  // What the action words leave at the edges: "brightness of the lamp" → "of lamp" → "lamp".
  return core
    .replace(/^(?:(?:of|in|on|for|at|to|from)\s+)+/i, "")
    .replace(/(?:\s+(?:of|in|on|for|at|to))+$/i, "");
}

/**
 * Drops words that say what to do, not to which device ("staff room speaker volume" → "staff room
 * speaker", "书房音箱音量" → "书房音箱"), unless a name in the domain holds them or they name a kind.
 */
function withoutActionWords(dir: EntityDirectory, phrase: string, domains?: string[]): string {
  let out = phrase;
  const lower = phrase.toLowerCase();
  for (const { word, first, cjk, latin } of ACTION_PATTERNS) {
    // A cheap look first: most phrases hold none of the words.
    if (!lower.includes(first)) continue;
    latin.lastIndex = 0;
    if (!(cjk ? out.includes(word) : latin.test(out))) continue;
    if (dir.nameContains(word, domains)) continue;
    latin.lastIndex = 0;
    out = cjk ? out.split(word).join("") : out.replace(latin, " ");
  }
  return out.replace(/\s+/g, " ");
}

function plain(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** Strips Chinese request words from the start and end of the phrase, never into a device's name. */
function stripCjk(dir: EntityDirectory, phrase: string, domains?: string[]): string {
  let out = phrase.replace(/[。！!？?，,]+$/u, "");
  for (let changed = true; changed;) {
    changed = false;
    for (const word of CJK_LEADING) {
      const rest = out.slice(word.length).trimStart();
      if (!out.startsWith(word) || (rest && !isCjk(rest[0]!))) continue;
      // "开关面板" is a name; "打开开关面板" loses 打开 but keeps 开关.
      if (dir.startsAName(normalize(out.slice(0, word.length + 1)).compact, domains)) continue;
      out = rest;
      changed = true;
      break;
    }
    for (const word of CJK_TRAILING) {
      const rest = out.slice(0, out.length - word.length).trimEnd();
      if (!out.endsWith(word)) continue;
      if (dir.endsAName(normalize(out.slice(-word.length - 1)).compact, domains)) continue;
      out = rest;
      changed = true;
      break;
    }
  }
  return out;
}

const LATIN_JOINERS = everyPack((pack) => pack.home.listJoiners).filter((w) => !isCjk(w));
const CJK_JOINERS = everyPack((pack) => pack.home.listJoiners).filter(isCjk);
const LIST_SEPARATOR = new RegExp(
  `\\s+(?:${LATIN_JOINERS.map(escape).join("|")})\\s+|\\s*(?:${[...CJK_JOINERS.map(escape), "、", "，", ","].join("|")})\\s*`,
  "iu",
);

/** "A and B", "A和B", "A、B" → its parts; one part when the phrase is not a list. */
export function listParts(core: string): string[] {
  return core
    .replace(/^(?:both|either)\s+/i, "")
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The entities of the service's domain that a phrase naming no device can mean: "pause" (one media
 * player), "start vacuuming" (one vacuum), "the light in the hall" (the hall's). Undefined when the
 * phrase says something beyond areas, kinds and action words: then it names something else.
 */
export function unnamedCandidates(
  dir: EntityDirectory,
  core: string,
  domains: string[],
  /** Rooms the phrase was narrowed to besides those it names (see reread.ts). */
  within?: string[],
): EntityInfo[] | undefined {
  const reading = interpret(normalize(core), dir, domains);
  let rest = reading.residual;
  for (const word of SERVICE_WORDS) if (word && rest.includes(word)) rest = rest.split(word).join("");
  if (rest.replace(/[0-9]/g, "")) return undefined;
  const areas = new Set(reading.areaIds);
  const narrowed = within?.length ? new Set(within) : undefined;
  const all = dir.entities.filter(
    (entity) =>
      entity.exposed &&
      !entity.secondary &&
      domains.includes(entity.domain) &&
      (!areas.size || (entity.areaId !== undefined && areas.has(entity.areaId))) &&
      (!narrowed || (entity.areaId !== undefined && narrowed.has(entity.areaId))),
  );
  // A kind said narrows to the devices of that kind where there are some: "the living room TV" is
  // not the speaker beside it.
  const fits = (entity: EntityInfo) =>
    reading.kinds.some((kind) => kindFit(kind, entity.domain, entity.deviceClass) >= 0.75);
  const ofKind = all.filter(fits);
  if (ofKind.length || !reading.kinds.length) return ofKind.length ? ofKind : all;
  // None of the kind said: those that may be of it (no class, or a looser reading), never one whose class
  // says it is not ("the bedroom blinds" are not the bedroom's curtain, as HA's device_class slot reads).
  return all.filter((entity) =>
    reading.kinds.some((kind) => kindFit(kind, entity.domain, entity.deviceClass) > 0),
  );
}
