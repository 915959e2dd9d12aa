import type { EntityDirectory } from "./directory.js";
import { REQUEST_WORDS_CJK, SERVICE_WORDS } from "./resolve-phrase.js";
import { ROOM_WORDS } from "./room-words.js";
import { isCjk, normalize } from "./text.js";
import { FILLERS, KIND_WORDS } from "./vocabulary.js";

/**
 * The second reading of a target that the first could not settle. Two things the words may hold that
 * the first reading takes as part of a name:
 * - Words this home has never heard: no name, room, alias, floor or word for a kind of device holds
 *   them ("I would like the fireplace", "continue playing", "the Sonos", "water the lawn"). They cannot
 *   tell one device here from another, so they are left out, and what is left decides; where nothing is
 *   left, the phrase names no device and the service's domain, the state and the speaker's room decide
 *   (see unnamedCandidates).
 * - A part of a room's name: "the terrace speaker" for the Rooftop Terrace's, "the living room" for a
 *   room called "Living Room/Kitchen (open concept)", 卧室 for 主卧室 and 小卧室. HA's intents match a
 *   room by its whole name or alias only; a part narrows to the rooms that hold it, and the devices
 *   there decide.
 */
export interface Reread {
  /** The words that are left, normalised and space-separated. */
  core: string;
  /** The rooms that parts of room names narrow to (empty: no narrowing). */
  areaIds: string[];
}

/** Parts of room names that say nothing by themselves. */
const COMMON_PARTS = new Set(["room", "area", "the", "and", "of", "a"]);

/** The second reading, or undefined when it reads the phrase as the first one did. */
export function reread(dir: EntityDirectory, core: string): Reread | undefined {
  const said = normalize(core).tokens;
  // A room this home does not have is named, not a word it never heard: no second reading.
  if (said.some((token) => ROOM_WORDS.has(token) && !dir.words.has(token))) return undefined;
  const tokens = said
    .map((token) => (isCjk(token) ? withoutRequestWords(token) : token))
    .filter((token) => token && (isCjk(token) || telling(dir, token)));
  const areaIds = new Set<string>();
  const kept: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const part = roomPart(dir, tokens, i);
    if (!part) kept.push(tokens[i++]!);
    else if (part.whole) kept.push(...tokens.slice(i, (i += part.length)));
    else {
      part.areaIds.forEach((id) => areaIds.add(id));
      i += part.length;
    }
  }
  const out = kept.join(" ");
  if (!areaIds.size && out === said.join(" ")) return undefined;
  return { core: out, areaIds: [...areaIds] };
}

const KIND_TOKENS = new Set(KIND_WORDS.map((k) => k.word));

/**
 * Whether a word is kept: one the home, a kind or a service knows, or a number; filler words ("to",
 * "on", "the") go, but those that say how many.
 */
function telling(dir: EntityDirectory, token: string): boolean {
  if (FILLERS.has(token)) return /^(?:all|every|each)$/.test(token);
  return /\d/.test(token) || dir.words.has(token) || SERVICE_WORDS.has(token) || KIND_TOKENS.has(token);
}

/** Each room's names and aliases as token lists, read once per directory. */
interface RoomNames {
  id: string;
  names: string[][];
  /** `names`, each joined with spaces. */
  joined: string[];
}

const roomNames = new WeakMap<EntityDirectory, RoomNames[]>();

function roomsOf(dir: EntityDirectory): RoomNames[] {
  let rooms = roomNames.get(dir);
  if (!rooms) {
    rooms = [...dir.areas.values()].map((area) => {
      const names = [area.name, ...area.aliases].map((n) => normalize(n).tokens);
      return { id: area.id, names, joined: names.map((n) => n.join(" ")) };
    });
    roomNames.set(dir, rooms);
  }
  return rooms;
}

/** A CJK run without the words that ask for an action ("开始"): they never name a device. */
function withoutRequestWords(run: string): string {
  let out = run;
  for (const word of REQUEST_WORDS_CJK) if (word.length > 1) out = out.split(word).join("");
  return out;
}

/**
 * The longest run of tokens from `from` that is some room's whole name or alias (`whole`: left as it is,
 * to the rooms of the first reading, with none of its words read as a part of another room's name: "1楼客厅"
 * is not a part of "10楼客厅"), or a part of one, with the rooms whose names hold it.
 */
function roomPart(
  dir: EntityDirectory,
  tokens: string[],
  from: number,
): { length: number; areaIds: string[]; whole?: true } | undefined {
  for (let length = tokens.length - from; length > 0; length--) {
    const run = tokens.slice(from, from + length);
    if (run.length === 1 && (COMMON_PARTS.has(run[0]!) || /^\d+$/.test(run[0]!))) continue;
    const said = run.join(" ");
    const areaIds: string[] = [];
    for (const room of roomsOf(dir)) {
      if (room.joined.includes(said)) return { length, areaIds: [], whole: true };
      if (room.names.some((n) => holds(n, run))) areaIds.push(room.id);
    }
    if (areaIds.length) return { length, areaIds };
  }
  return undefined;
}

/** Whether a name's tokens hold `run` as consecutive words (a CJK run: inside one of its runs). */
function holds(name: string[], run: string[]): boolean {
  if (run.length === 1 && isCjk(run[0]!)) return run[0]!.length > 1 && name.some((t) => t.includes(run[0]!));
  for (let i = 0; i + run.length <= name.length; i++)
    if (run.every((token, j) => name[i + j] === token)) return true;
  return false;
}

/**
 * True when a target names nothing: no device, room, floor or kind this home knows, nor a room it does
 * not have ("I'm cold", "it"). A Chinese run names something unless it is only request words: it is
 * not split into words, so it is never taken for one the home has not heard ("主卧阳台灯").
 */
export function namesNothing(dir: EntityDirectory, core: string): boolean {
  return normalize(core).tokens.every((token) =>
    isCjk(token)
      ? !withoutRequestWords(token)
      : !ROOM_WORDS.has(token) &&
        (SERVICE_WORDS.has(token) ||
          FILLERS.has(token) ||
          (!dir.words.has(token) && !KIND_TOKENS.has(token))),
  );
}
