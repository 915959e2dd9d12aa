/**
 * What shows a language in a text, for the turns whose entry point was not told it (see detect.ts). Kept
 * small on purpose: a word here must be common in the language and rare in the other packs' languages.
 * Measured on HA's intents test sentences, held-out part apart (test/words/detect.test.ts).
 */
export interface LanguageMarkers {
  /** A script only this language writes among the packs: a text with it is in this language. */
  script?: RegExp;
  /** Letters this language writes and the others (nearly) never: each one in the text counts. */
  letters?: RegExp;
  /** Function words (lower case): each one in the text counts. */
  words: ReadonlySet<string>;
}
