import {
  clearWinner,
  normalize,
  resolve,
  targetCore,
  type EntityDirectory,
  type EntityInfo,
} from "../../ha/index.js";
import { PACKS } from "../../words/packs.js";
import type { ActionWords } from "../../words/actions.js";

/** A resolver reading as sure as iot_control's own (targets.ts CONFIDENT). */
const CONFIDENT = 0.75;
/** A person's message is read up to here: bounded work on every gated call. */
export const MAX_WORDS_CHARS = 2_000;
/** Names shorter than this ("AC" is 2) are matched as whole words only. */
export const SHORT_NAME = 3;

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
  for (const phrase of phrases(text))
    for (const id of phraseNames(dir, targetCore(dir, phrase, domains), domains)) named.add(id);
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

/** What a target phrase names: a group ("the kitchen lights"), or one clear, confident winner. */
export function phraseNames(dir: EntityDirectory, core: string, domains?: string[]): string[] {
  if (!core.trim()) return [];
  const found = resolve(dir, core, { domains });
  const [top] = found.candidates;
  if (found.kind === "group") return found.candidates.map((c) => c.entity.entityId);
  return found.kind === "ranked" && top && clearWinner(found.candidates) && top.score >= CONFIDENT
    ? [top.entity.entityId]
    : [];
}

/** The clauses of a message, and the message whole: each a phrase the resolver may read as a target. */
export function phrases(text: string): string[] {
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

export function kindsOf(domain: string, service: string): (keyof ActionWords)[] {
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
  return (mainKindOnly ? kinds.slice(0, 1) : kinds).some((kind) => namesKind(text, kind));
}

/** Whether the (lowercase) text holds a word of this kind of action in any pack. */
export function namesKind(text: string, kind: keyof ActionWords): boolean {
  return Object.values(PACKS).some((pack) => pack.actions[kind].some((word) => says(text, word)));
}

export function startsWith(text: string, word: string): boolean {
  if (!/\p{Script=Latin}/u.test(word)) return text.startsWith(word);
  return new RegExp(`^${pattern(word)}(?![\\p{L}\\p{N}])`, "u").test(text);
}

export function says(text: string, word: string): boolean {
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
