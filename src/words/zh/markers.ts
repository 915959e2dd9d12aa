import type { LanguageMarkers } from "../markers.js";

export const markers: LanguageMarkers = {
  // Han characters, any plane: among the packs only Chinese writes them.
  script: /\p{Script=Han}/u,
  words: new Set(),
};
