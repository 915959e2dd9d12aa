import {
  ALL_WORDS,
  clearWinner,
  type EntityDirectory,
  type EntityInfo,
  EXACT,
  findWord,
  type HassEntities,
  inServedState,
  KIND_WORDS,
  listParts,
  namesNothing,
  normalize,
  onlyServed,
  type Resolution,
  reread,
  resolve,
  singular,
  targetCore,
  unnamedCandidates,
} from "../../../ha/index.js";
import { everyPack } from "../../../words/packs.js";
import { isCjk, words } from "../../../words/tokenize.js";
import { ToolError } from "../../contract.js";
import { list, noMatch, notExposed, wrongDomain } from "./target-errors.js";
import { inSpeakerArea, unnamedInSpeakerArea } from "./speaker-area.js";

export interface TargetRequest {
  domain: string;
  service: string;
  /** Each an entity id or a name in the user's words (a device, a room and/or a kind of device). */
  targets: string[];
  /** The user asked for all of them: allows house-wide and large targets, and every close match. */
  all: boolean;
  /** More targets than this need `all` (default 5). */
  maxWithoutAll?: number;
  /**
   * The live states: among devices the words do not tell apart, a service such as media_pause acts on the
   * only one in a state it applies to (playing), as HA's intents do (ha/service-states.ts).
   */
  states?: HassEntities;
  /** The area of the satellite that heard the words: what names no room acts there (see speaker-area.ts). */
  speakerAreaId?: string;
}

const CONFIDENT = 0.75;

/** "客厅的灯, light.kettle" → its parts: several targets come comma-separated in one string. */
export function splitTargets(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[,，、;]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The exposed entities a control request means, or a ToolError explaining what is wrong. */
export function resolveTargets(dir: EntityDirectory, req: TargetRequest): EntityInfo[] {
  const generic = req.domain === "homeassistant";
  const domains = generic ? undefined : [req.domain];
  const chosen = new Map<string, EntityInfo>();
  let houseWide = false;
  /** Some target's devices are not bounded by words that say all of a room or floor. */
  let unbounded = false;

  /** A kind of device named without a room ("lights", "所有的灯") is house-wide. */
  const byPhrase = (
    text: string,
    core: string,
    named = resolve(dir, core, { domains, ...here(text) }),
    /** Rooms a second reading narrowed the words to (reread.ts); undefined on the first reading. */
    within?: string[],
  ): void => {
    const resolution = inSpeakerArea(named, req.speakerAreaId, req.all);
    // Where the words name no device ("pause", "the music"), the only one in a state the service
    // applies to (playing, for media_pause) is meant; never where they name one.
    const served = (candidates: EntityInfo[]) =>
      req.all || candidates.length < 2
        ? undefined
        : onlyServed(candidates, req.domain, req.service, req.states);
    let unnamed =
      domains && !settled(resolution)
        ? unnamedInSpeakerArea(
            unnamedCandidates(dir, core, domains, within ?? here(text).areaIds),
            req.speakerAreaId,
            req.all,
          )
        : undefined;
    const second = !unnamed && !within && domains && !settled(resolution) && reread(dir, core);
    if (second) {
      const areaIds = second.areaIds.length ? second.areaIds : undefined;
      try {
        return byPhrase(text, second.core, resolve(dir, second.core, { domains, areaIds }), areaIds ?? []);
      } catch (error) {
        // Where the second reading settles nothing either, the first one's question is the closer one.
        if (!(error instanceof ToolError)) throw error;
      }
    }
    const one = unnamed && served(unnamed);
    if (one) unnamed = [one];
    // "Helligkeit hier auf 10": the room said as "here", with the service's domain and no kind, is that
    // room's devices of the domain, as HA's intents act (HassLightSet(area)); elsewhere the words name none.
    const saidHere = !within && here(text).areaIds !== undefined;
    if (unnamed && unnamed.length > 1 && !req.all && !saidHere) {
      throw new ToolError(
        `"${text}" names no particular ${req.domain}; there are ${unnamed.length}: ${list(dir, unnamed)}. ` +
          "Ask the user which one.",
      );
    }
    const picked = unnamed?.length ? unnamed : pick(dir, resolution, text, req);
    const { kinds } = resolution.reading;
    const areaIds = [...resolution.reading.areaIds, ...(within ?? [])];
    const inRoom = resolution.kind === "group" && areaIds.length > 0;
    const all = req.all || saysAll(core) || saysAll(text);
    if (inRoom && picked.length > 1 && !all && kinds.length === 0) {
      // Only a room (or floor) with the service's domain: HA's HassTurnOn(area, domain) acts on every
      // one of them there, and its media intents on those in a state they apply to (playing, to pause).
      const served = req.states && inServedState(picked, req.domain, req.service, req.states);
      if (served?.length) picked.splice(0, picked.length, ...served);
    } else if (inRoom && picked.length > 1 && !all && saysOne(core)) {
      // "the master bedroom light" is the one whose name it holds, or the only one in a state the service
      // applies to; else, as HA's intents read a room or floor with a kind (HassTurnOn(area, domain)),
      // every one of that kind there: "the kitchen light", "das Licht im Erdgeschoss".
      const holds = picked.filter((e) => namesIn(core, e));
      const byState = holds.length ? undefined : served(picked);
      const named = byState ? [byState] : holds;
      if (named.length === 1) picked.splice(0, picked.length, named[0]!);
    }
    if (resolution.kind === "group" && areaIds.length === 0 && picked.length > 1) {
      const byState = saysSeveral(core) ? undefined : served(picked);
      if (byState) picked.splice(0, picked.length, byState);
      else houseWide = true;
    }
    // A room or floor says how many: every device of the kind there, beyond the usual limit, as HA's
    // intents act. The whole house ("所有的灯") still needs the model's all: true.
    if (!inRoom) unbounded = true;
    for (const e of picked) chosen.set(e.entityId, e);
  };
  // "here", "hier", 这里: the speaker's room is named, and no other room ("hier Garage zu" is not the garage's door).
  const here = (text: string) =>
    req.speakerAreaId && saysHere(text) ? { areaIds: [req.speakerAreaId] } : {};
  // The request around the target never names the device; a list is resolved part by part unless
  // the whole phrase is exactly one device's name ("Tom and Jerry lamp").
  const byName = (text: string) => {
    const core = targetCore(dir, text, domains);
    const parts = listParts(core);
    if (parts.length < 2) return byPhrase(text, core);
    // Only a list that is some device's whole name is worth resolving whole.
    const whole = dir.isAName(normalize(core).compact, domains) ? resolve(dir, core, { domains }) : undefined;
    if (whole && exactly(whole)) return byPhrase(text, core, whole);
    for (const part of parts) byPhrase(part, part);
  };

  // Of several targets, one that names nothing here ("I'm cold", in "I'm cold, turn on the fireplace")
  // is the user's words around the request, not a device.
  const naming =
    req.targets.length > 1
      ? req.targets.filter(
          (text) => dir.get(text.toLowerCase()) || !namesNothing(dir, targetCore(dir, text, domains)),
        )
      : [];
  for (const text of naming.length ? naming : req.targets) {
    const entity = dir.get(text.toLowerCase());
    if (!entity) {
      byName(text);
      continue;
    }
    if (!entity.exposed) throw notExposed(entity);
    if (!generic && entity.domain !== req.domain) throw wrongDomain(entity, req);
    chosen.set(entity.entityId, entity);
  }
  if (!req.targets.length) {
    throw new ToolError(
      'Say what to control: pass target, e.g. "客厅的灯", "bedroom lamp" or entity ids (comma-separated).',
    );
  }

  const targets = [...chosen.values()];
  const max = req.maxWithoutAll ?? 5;
  if (!req.all && houseWide) {
    throw new ToolError(
      `That would ${req.service.replace(/_/g, " ")} every ${req.domain} in the house (${targets.length}: ${list(dir, targets)}). ` +
        "Pass all: true only if the user asked for all of them; otherwise name the device or the room " +
        "in target, or pass exact entity ids.",
    );
  }
  if (!req.all && unbounded && targets.length > max) {
    throw new ToolError(
      `That matches ${targets.length} devices (${list(dir, targets)}). Pass all: true only if the user asked for all of them; ` +
        "otherwise name the device.",
    );
  }
  return targets;
}

/**
 * A phrase in a language with plurals that names a kind in the singular, without all/every/both ("the
 * bedroom light", "die Stehlampe"): one device is meant. Chinese has no plural, so "卧室的灯" stays the
 * room's lights.
 */
function saysOne(core: string): boolean {
  return words(core).some((w) => !isCjk(w)) && !saysSeveral(core);
}

/** All, every, both, alle, tous, 所有, 全部…, or a kind in the plural ("the speakers", "les volets"): several are meant. */
function saysSeveral(core: string): boolean {
  if (saysAll(core)) return true;
  const said = words(core).filter((w) => !isCjk(w));
  if (said.includes("both")) return true;
  return (
    said.some((w) => singular(w) !== w && KIND_WORDS.some((k) => k.word === singular(w))) ||
    said.some((w) => PLURAL_KINDS.has(w))
  );
}

const HERE = everyPack((pack) => pack.home.here).map((w) => normalize(w).compact);

/** The words name the speaker's room ("turn off the light here", "hier", "ici", 这里). */
function saysHere(text: string): boolean {
  const said = normalize(text);
  return HERE.some((word) => findWord(said, word) >= 0);
}

/** Kind words that are plurals without a plain "-s" ("Lichter", "rideaux"): said, several are meant. */
const PLURAL_KINDS: ReadonlySet<string> = new Set(everyPack((pack) => pack.home.plurals));

/**
 * "all", "every", "alle", "tous", 所有, 全部, 每个: every device the rest of the words match. Every pack's
 * `all` words (src/words; HA's `all` expansion rules).
 */
export function saysAll(core: string): boolean {
  const said = words(core);
  return said.some(
    (w) => ALL_WORDS.has(singular(w)) || (isCjk(w) && [...ALL_WORDS].some((a) => isCjk(a) && w.includes(a))),
  );
}

/** The words hold the device's name, whole or word by word in another order ("the light in the guest bedroom"). */
function namesIn(core: string, entity: EntityInfo): boolean {
  const name = normalize(entity.name);
  if (!name.compact) return false;
  const said = normalize(core);
  if (said.compact.includes(name.compact)) return true;
  const words = new Set(said.tokens);
  return name.tokens.every((token) => words.has(token));
}

/** A resolution that names its devices without doubt: a group, or one clear and confident winner. */
function settled(r: Resolution): boolean {
  if (r.kind === "group") return r.candidates.length > 0;
  return r.kind === "ranked" && clearWinner(r.candidates) && (r.candidates[0]?.score ?? 0) >= CONFIDENT;
}

function exactly(r: Resolution): boolean {
  return r.kind === "ranked" && (r.candidates[0]?.score ?? 0) >= EXACT && clearWinner(r.candidates);
}

function pick(dir: EntityDirectory, r: Resolution, text: string, req: TargetRequest): EntityInfo[] {
  const [top] = r.candidates;
  if (r.kind === "none" || !top) {
    if (r.unexposed[0]) throw notExposed(r.unexposed[0].entity);
    throw noMatch(dir, text, r.candidates, req);
  }
  if (r.kind === "group") return r.candidates.map((c) => c.entity);
  if (clearWinner(r.candidates) && top.score >= CONFIDENT) return [top.entity];
  if (req.all && r.candidates.length > 1) return r.candidates.map((c) => c.entity);
  if (r.candidates.length > 1) {
    throw new ToolError(
      `"${text}" could mean several devices: ${list(
        dir,
        r.candidates.map((c) => c.entity),
      )}. ` + "Ask the user which one (or pass all: true if they meant all of them).",
    );
  }
  throw noMatch(dir, text, r.candidates, req);
}
