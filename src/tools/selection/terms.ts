import { indexTokens, queryTerms } from "../../knowledge/index.js";
import { clip } from "../../text/clip.js";
import { EN_TERMS, ZH_TERMS } from "./glossary.js";

/**
 * The terms of tools and requests, as the knowledge search splits text (knowledge/tokens.ts: Latin words,
 * Chinese characters and character pairs), plus what a tool search needs besides: a tool's name split into
 * words ("ha__HassTurnOn" → ha hass turn on), a light stemmer ("lights", "playing" → light, play), and the
 * glossary's English terms for a Chinese or colloquial request.
 */

/** "ha__HassTurnOn", "list_events" → "ha Hass Turn On", "list events". */
export function nameWords(name: string): string {
  return name.replace(/[_-]+/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2");
}

const LATIN = /^[a-z0-9]+$/;

/** Plural and verb endings off: enough for tool descriptions, which are short and plain. */
export function stem(word: string): string {
  if (!LATIN.test(word) || word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("es") && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** A tool's terms: its name's words count twice (the name says most about what it does). */
export function toolTerms(name: string, description: string): string[] {
  const words = nameWords(name);
  return indexTokens(`${words} ${words} ${description}`).split(" ").filter(Boolean).map(stem);
}

/** What of a request is read for its terms: its start says what it is about (a pasted page need not be read whole). */
const MAX_REQUEST_CHARS = 2_000;

/** A request's distinct terms, with the glossary's English terms for what it says in other words. */
export function requestTerms(request: string): string[] {
  const text = clip(request, MAX_REQUEST_CHARS);
  const terms = new Set<string>();
  for (const term of queryTerms(text)) {
    terms.add(stem(term));
    for (const synonym of EN_TERMS.get(term) ?? []) terms.add(stem(synonym));
  }
  let rest = text.normalize("NFKC").toLowerCase();
  for (const [word, english] of ZH_TERMS) {
    if (!rest.includes(word)) continue;
    for (const term of english) terms.add(stem(term));
    rest = rest.replaceAll(word, " ");
  }
  return [...terms];
}
