import { interpret, kindFit, normalize, targetCore, type EntityDirectory } from "../../ha/index.js";
import type { ActionWords } from "../../words/actions.js";
import { everyPack, PACKS } from "../../words/packs.js";
import { isCjk } from "../../words/tokenize.js";
import { isStatusQuestion } from "../../words/user-intent.js";
import {
  actionNamed,
  kindsOf,
  MAX_WORDS_CHARS,
  namesKind,
  phraseNames,
  phrases,
  says,
  SHORT_NAME,
  startsWith,
} from "./person-words.js";

/*
 * The person's reply to a question Cyrene asked about a change (tools/provenance/gate.ts): whether it says
 * yes, or asks for that change itself and nothing else. Measured in
 * test/tools/provenance/person-words-corpus.test.ts with the rest of the gate's word rules.
 */

/** Every pack's words of a yes, longest first. */
const longestFirst = (words: string[]) => words.sort((a, b) => b.length - a.length);
const YES = longestFirst(everyPack((pack) => pack.consent.yes));
const OPENERS = longestFirst(everyPack((pack) => pack.consent.openers));
const RHETORICAL_YES = longestFirst(everyPack((pack) => pack.consent.rhetoricalYes));
const QUESTION_ENDS = everyPack((pack) => pack.consent.questionEnds);
const SOFT_ENDS = everyPack((pack) => pack.consent.softEnds);

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
  const opener = OPENERS.find((word) => startsWith(opening, word));
  if (opener) opening = opening.slice(opener.length).replace(/^[\p{P}\p{Z}]+/u, "");
  return YES.some((word) => startsWith(opening, word));
}

/**
 * "Why not?" asks and holds a no, and is a yes where what is left of the message is nothing or a yes
 * ("sure, why not"); undefined where the message holds no such question.
 */
function rhetoricalYes(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  const phrase = RHETORICAL_YES.find((p) => says(lower, p));
  if (!phrase) return undefined;
  const rest = lower.replace(phrase, " ").replace(/^[\p{P}\p{Z}]+|[\p{P}\p{Z}]+$/gu, "");
  return !rest || saysYes(rest);
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
  return (
    namesKind(lower, opposite) && !kindsOf(change.domain, change.service).some((k) => namesKind(lower, k))
  );
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
    const namedHere = phraseNames(dir, core);
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

/** A question back: a question mark, or a particle that ends a question where none is written ("…吗"). */
function asks(text: string): boolean {
  if (/[?？]/.test(text)) return true;
  const end = text.replace(/[\p{P}\p{Z}]+$/u, "");
  return QUESTION_ENDS.some((p) => end.endsWith(p)) && !SOFT_ENDS.some((p) => end.endsWith(p));
}
