import type { ActionWords } from "./actions.js";
import type { ConsentWords } from "./consent.js";
import type { PackLanguage } from "./language.js";

/**
 * Everything Cyrene reads or says in one language, typed so that a missing entry is a compile error and
 * never a silent English fallback. Each concern adds its own part, defined beside this file and filled in
 * `<language>/` (one folder per language).
 */
export interface LanguagePack {
  language: PackLanguage;
  /** Words that name an action on a device (the provenance gate reads the person's message with them). */
  actions: ActionWords;
  /** A yes and a no to a question (a confirmation counts after outside text only where the person says yes). */
  consent: ConsentWords;
}
