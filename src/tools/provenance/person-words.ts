import {
  clearWinner,
  interpret,
  kindFit,
  normalize,
  resolve,
  targetCore,
  type EntityDirectory,
  type EntityInfo,
} from "../../ha/index.js";
import { PACKS } from "../../words/packs.js";
import { isCjk } from "../../words/tokenize.js";
import { isStatusQuestion } from "../../words/user-intent.js";
import type { ActionWords } from "../../words/actions.js";

/** A resolver reading as sure as iot_control's own (targets.ts CONFIDENT). */
const CONFIDENT = 0.75;
/** A person's message is read up to here: bounded work on every gated call. */
const MAX_WORDS_CHARS = 2_000;
/** Names shorter than this ("AC" is 2) are matched as whole words only. */
const SHORT_NAME = 3;

/**
 * The devices the person's own words name, read with the same resolver iot_control uses: each clause of
 * the message (split at punctuation and "and", "then", 和, 然后…) resolved as a target phrase, where it
 * names a group ("the kitchen lights") or one clear, confident winner; and every device whose name or
 * alias the words hold as written. Only exposed devices count.
 */
export function devicesNamed(dir: EntityDirectory, words: string, domains?: string[]): Set<string> {
  const text = words.slice(0, MAX_WORDS_CHARS);
  const named = new Set<string>();
  if (!text.trim()) return named;
  for (const phrase of phrases(text)) {
    const core = targetCore(dir, phrase, domains);
    if (!core.trim()) continue;
    const found = resolve(dir, core, { domains });
    const [top] = found.candidates;
    if (found.kind === "group") for (const c of found.candidates) named.add(c.entity.entityId);
    else if (found.kind === "ranked" && top && clearWinner(found.candidates) && top.score >= CONFIDENT)
      named.add(top.entity.entityId);
  }
  const said = normalize(text);
  const latinWords = new Set(said.tokens);
  for (const name of dir.names) {
    const entity = dir.entities[name.entity];
    if (!entity?.exposed || (domains && !domains.includes(entity.domain))) continue;
    if (name.weight < 0.85 || !name.compact) continue;
    const short = name.compact.length < SHORT_NAME;
    if (short ? latinWords.has(name.compact) : said.compact.includes(name.compact))
      named.add(entity.entityId);
  }
  for (const entity of dir.entities)
    if (text.toLowerCase().includes(entity.entityId) && entity.exposed) named.add(entity.entityId);
  return named;
}

/** The clauses of a message, and the message whole: each a phrase the resolver may read as a target. */
function phrases(text: string): string[] {
  const parts = text
    .split(/[。！？!?；;，,、\n]|\b(?:and|then|also|und|dann|et|puis)\b|和|然后|再|并且|同时/i)
    .map((part) => part.trim())
    .filter(Boolean);
  return [...new Set([...parts, text.trim()])];
}

/** The kinds of action a service is, any of which the person's words may name. */
const KINDS: Record<string, (keyof ActionWords)[]> = {
  turn_on: ["on", "set", "run"],
  turn_off: ["off", "stop"],
  toggle: ["toggle", "on", "off"],
  open_cover: ["open"],
  open: ["open", "unlock"],
  open_valve: ["open", "on"],
  close_cover: ["close"],
  close_valve: ["close", "off", "stop"],
  stop_cover: ["stop"],
  set_cover_position: ["set", "open", "close"],
  open_cover_tilt: ["open"],
  close_cover_tilt: ["close"],
  lock: ["lock"],
  unlock: ["unlock", "open"],
  alarm_disarm: ["disarm"],
  media_play: ["play"],
  play_media: ["play"],
  media_pause: ["pause", "stop"],
  media_stop: ["stop", "pause"],
  media_play_pause: ["play", "pause"],
  press: ["press", "run", "on"],
  start: ["on", "run"],
  stop: ["stop", "off"],
  pause: ["pause", "stop"],
  return_to_base: ["dock", "stop", "off"],
  send_message: ["notify"],
  create: ["notify"],
  announce: ["notify"],
  speak: ["notify"],
  media_next_track: ["track"],
  media_previous_track: ["track"],
  volume_set: ["set"],
  volume_up: ["set"],
  volume_down: ["set"],
  volume_mute: ["set", "off"],
};

function kindsOf(domain: string, service: string): (keyof ActionWords)[] {
  if (domain === "notify" || domain === "persistent_notification" || domain === "tts") return ["notify"];
  if (domain === "scene" || domain === "script") return ["run", "on"];
  if (service.startsWith("alarm_arm")) return ["arm"];
  if (service.startsWith("set_") || service.startsWith("select_")) return ["set"];
  return KINDS[service] ?? [];
}

/**
 * Whether the person's words name the kind of action `domain.service` is ("turn off", "关", "set… to"),
 * in any language Cyrene has words for (names and commands mix languages). A service of no known kind is
 * named by nothing: it needs the person's yes.
 */
export function actionNamed(words: string, domain: string, service: string, mainKindOnly = false): boolean {
  const text = words.slice(0, MAX_WORDS_CHARS).toLowerCase();
  const kinds = kindsOf(domain, service);
  return (mainKindOnly ? kinds.slice(0, 1) : kinds).some((kind) =>
    Object.values(PACKS).some((pack) => pack.actions[kind].some((word) => says(text, word))),
  );
}

/**
 * The person's words say yes: they open with a word of a yes ("yes", "ok do it", "好的", "确认"), hold no word
 * of a no ("yes, no, don't"), and ask nothing ("ok, is the door locked?", "前门是锁着的吗"). Anything else
 * asks again rather than acting: a missed yes costs a repeat, a misread one would act
 * (test/tools/provenance/person-words-corpus.test.ts measures both).
 */
export function saysYes(words: string): boolean {
  const text = words.slice(0, MAX_WORDS_CHARS).toLowerCase().trim();
  const rhetorical = rhetoricalYes(text);
  if (rhetorical !== undefined) return rhetorical;
  if (asks(text) || saysNo(text)) return false;
  let opening = text.replace(/^[\p{P}\p{Z}]+/u, "");
  const opener = everyWord((pack) => pack.consent.openers).find((word) => startsWith(opening, word));
  if (opener) opening = opening.slice(opener.length).replace(/^[\p{P}\p{Z}]+/u, "");
  return everyWord((pack) => pack.consent.yes).some((word) => startsWith(opening, word));
}

/**
 * "Why not?" asks and holds a no, and is a yes where what is left of the message is nothing or a yes
 * ("sure, why not"); undefined where the message holds no such question.
 */
function rhetoricalYes(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  const phrase = everyWord((pack) => pack.consent.rhetoricalYes).find((p) => says(lower, p));
  if (!phrase) return undefined;
  const rest = lower.replace(phrase, " ").replace(/^[\p{P}\p{Z}]+|[\p{P}\p{Z}]+$/gu, "");
  return !rest || saysYes(rest);
}

/** One part of every pack's consent words, longest first. */
function everyWord(part: (pack: (typeof PACKS)[keyof typeof PACKS]) => string[]): string[] {
  return Object.values(PACKS)
    .flatMap(part)
    .sort((a, b) => b.length - a.length);
}

/** A change a stored question asked about: its service, and the devices it acts on. */
export interface AskedChange {
  domain: string;
  service: string;
  entityIds: readonly string[];
}

/**
 * The person's reply takes a question about `asked`: it says yes (saysYes), or it asks for the asked change
 * itself ("open it", "打开吧", "schließ auf": each change's main kind of action named, with no no, no
 * question and no status question). Either way it names nothing else in the home (`dir`): no other device,
 * no area the devices are not in, no kind of device they are not ("yes, the bedroom", "turn on the fan
 * instead"). A word the home does not know and that is no kind of device ("the heater" in a home without
 * one) is not seen; the model's call still has to be the asked one. Without `dir`, only a yes takes it.
 */
export function takesQuestion(words: string, asked: readonly AskedChange[], dir?: EntityDirectory): boolean {
  const text = words.slice(0, MAX_WORDS_CHARS);
  if (rhetoricalYes(text) !== true && statusQuestion(text)) return false;
  if (asked.some((change) => contradicts(text, change))) return false;
  if (dir && asked.length && namesOther(dir, text, asked)) return false;
  if (saysYes(text)) return true;
  if (!dir || !asked.length || asks(text.toLowerCase()) || saysNo(text.toLowerCase())) return false;
  return asked.every((change) => actionNamed(text, change.domain, change.service, true));
}

/** A status question ("ok what's the temperature outside", "ist die Flurlampe an") in any language Cyrene reads. */
function statusQuestion(text: string): boolean {
  return Object.values(PACKS).some((pack) => isStatusQuestion(text, pack.intent));
}

/** Kinds of action that undo each other: "ok, close it" answers "open the garage?" with its opposite. */
const OPPOSITE: Partial<Record<keyof ActionWords, keyof ActionWords>> = {
  on: "off",
  off: "on",
  open: "close",
  close: "open",
  lock: "unlock",
  unlock: "lock",
  arm: "disarm",
  disarm: "arm",
  play: "pause",
  pause: "play",
};

/** The reply names the opposite of the asked change's action, and not the action itself. */
function contradicts(text: string, change: AskedChange): boolean {
  const [main] = kindsOf(change.domain, change.service);
  const opposite = main && OPPOSITE[main];
  if (!opposite) return false;
  const lower = text.toLowerCase();
  const names = (kind: keyof ActionWords) =>
    Object.values(PACKS).some((pack) => pack.actions[kind].some((word) => says(lower, word)));
  return names(opposite) && !kindsOf(change.domain, change.service).some(names);
}

/**
 * Whether the words name something in the home the asked changes are not about: a phrase whose devices
 * (a group, or one clear winner) hold none of the asked ones, an area they are not in, a kind of device
 * they are not, or another device's name as written. "Open the door" names the asked lock among the doors.
 */
function namesOther(dir: EntityDirectory, text: string, asked: readonly AskedChange[]): boolean {
  const ids = new Set(asked.flatMap((change) => change.entityIds));
  const entities = [...ids].flatMap((id) => dir.get(id) ?? []);
  if (!entities.length) return false;
  const areas = new Set(entities.map((e) => e.areaId));
  for (const phrase of phrases(text)) {
    const core = targetCore(dir, phrase);
    if (!core.trim()) continue;
    const found = resolve(dir, core);
    const [top] = found.candidates;
    const namedHere =
      found.kind === "group"
        ? found.candidates.map((c) => c.entity.entityId)
        : found.kind === "ranked" && top && clearWinner(found.candidates) && top.score >= CONFIDENT
          ? [top.entity.entityId]
          : [];
    if (namedHere.length && !namedHere.some((id) => ids.has(id))) return true;
    const reading = interpret(normalize(core), dir);
    if (reading.areaIds.some((area) => !areas.has(area))) return true;
    const fits = (kind: (typeof reading.kinds)[number]) =>
      entities.some((e) => kindFit(kind, e.domain, e.deviceClass) > 0);
    if (reading.kinds.some((kind) => !fits(kind))) return true;
    // "Turn on the living room" names all of it, not the AC there; "open the door" the doors, the lock among them.
    if (namedHere.some((id) => !ids.has(id)) && !reading.kinds.some(fits)) return true;
  }
  const said = normalize(text);
  const latinWords = new Set(said.tokens);
  const holds = (compact: string) =>
    compact.length < SHORT_NAME && !isCjk(compact) ? latinWords.has(compact) : said.compact.includes(compact);
  const askedNames = dir.names.filter((n) => ids.has(dir.entities[n.entity]!.entityId) && holds(n.compact));
  return dir.names.some((name) => {
    const entity = dir.entities[name.entity];
    if (!entity?.exposed || ids.has(entity.entityId) || name.weight < 0.85 || !name.compact) return false;
    return holds(name.compact) && !askedNames.some((n) => n.compact.includes(name.compact));
  });
}

function saysNo(text: string): boolean {
  return Object.values(PACKS).some((pack) => pack.consent.no.some((word) => says(text, word)));
}

/** A question back: a question mark, or a Chinese question particle at the end (呢 after 的 or 嗯 only softens: "好的呢"). */
function asks(text: string): boolean {
  return /[?？]|(?:[吗么]|(?<![的嗯])呢)[\p{P}\p{Z}]*$/u.test(text);
}

function startsWith(text: string, word: string): boolean {
  if (!/\p{Script=Latin}/u.test(word)) return text.startsWith(word);
  return new RegExp(`^${pattern(word)}(?![\\p{L}\\p{N}])`, "u").test(text);
}

function says(text: string, word: string): boolean {
  if (!/\p{Script=Latin}/u.test(word)) return text.includes(word);
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern(word)}(?![\\p{L}\\p{N}])`, "u").test(text);
}

/** A word as a pattern: spaces match any run of them, a trailing `*` any inflection. */
function pattern(word: string): string {
  const stem = word.endsWith("*") ? word.slice(0, -1) : word;
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  return escaped + (word.endsWith("*") ? "\\p{L}*" : "");
}

/** A notify service or speaker ("notify.mobile_app_anna", "mobile_app_anna") the person's words name. */
export function recipientNamed(dir: EntityDirectory | undefined, words: string, recipient: string): boolean {
  const id = recipient.trim().toLowerCase();
  // The household's own notifications (HA's persistent notifications, the default notify service).
  if (/persistent_notification|^notify\.notify$/.test(id) && /通知|消息|benachrichtig|notif/i.test(words))
    return true;
  if (dir?.get(id)) return devicesNamed(dir, words, [id.split(".")[0]!]).has(id);
  const parts = id
    .replace(/^notify\./, "")
    .replace(/^mobile_app_/, "")
    .replace(/\.(?:create|send_message|speak)$/, "")
    .split(/[_\s.]+/)
    .filter((part) => part.length >= SHORT_NAME && !/^(?:phone|mobile|app|iphone|android|pixel)$/.test(part));
  const said = new Set(normalize(words.slice(0, MAX_WORDS_CHARS)).tokens);
  return parts.length > 0 && parts.some((part) => said.has(part));
}

/** The device's name and id, as a question names it. */
export function named(entity: EntityInfo): string {
  return `${entity.name} (${entity.entityId})`;
}
