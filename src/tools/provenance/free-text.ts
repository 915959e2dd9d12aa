import { normalize, type EntityInfo, type HomeSnapshot } from "../../ha/index.js";
import { devicesNamed } from "./person-words.js";

/** Domains whose state or attributes are text anyone may write: events, items, messages, titles. */
const FREE_TEXT_DOMAINS = new Set([
  "calendar",
  "todo",
  "input_text",
  "text",
  "event",
  "notify",
  "persistent_notification",
  "image",
  "media_player",
  "update",
  "weather",
  "conversation",
  "tts",
  "stt",
  "assist_satellite",
]);

/** A name longer than a device's name is: what it says beyond the words the person used is text. */
function long(name: string): boolean {
  return (
    name.length > MAX_NAME_CHARS ||
    normalize(name).tokens.filter((t) => /^[a-z0-9]+$/.test(t)).length > MAX_NAME_WORDS
  );
}

const MAX_NAME_CHARS = 40;
const MAX_NAME_WORDS = 5;

/** A state that is words, not a number or one of a few fixed states ("on", "home"). */
const WORDS = /\s|[^\p{ASCII}]/u;

/**
 * Whether an iot_query answer about these entities carries outside text: free text from Home Assistant
 * (calendar and to-do items, text helpers, titles, a sensor whose state is words) or a device's name the
 * person did not say in this turn (an entity's name is written by whoever set the device up, or by the
 * device itself). Such an answer is marked untrusted and counts as read (turn/provenance.ts).
 */
export function carriesOutsideText(home: HomeSnapshot, shown: EntityInfo[], ownWords: string): boolean {
  if (shown.length === 0) return false;
  if (shown.some((e) => FREE_TEXT_DOMAINS.has(e.domain))) return true;
  if (shown.some((e) => WORDS.test(String(home.states[e.entityId]?.state ?? "")))) return true;
  const named = devicesNamed(home.directory, ownWords);
  const said = normalize(ownWords).compact;
  return shown.some(
    (e) => !named.has(e.entityId) || (!said.includes(normalize(e.name).compact) && long(e.name)),
  );
}
