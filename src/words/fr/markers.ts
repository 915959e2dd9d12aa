import type { LanguageMarkers } from "../markers.js";

// Function words, and the commonest words of requests to a home, that English, German and Dutch do not
// write ("de" is left out: Dutch writes it as often).
export const markers: LanguageMarkers = {
  letters: /[éèêàçœùâîôû]/g,
  words: new Set(
    (
      "le la les l d du des un une est et dans sur pour je tu vous quel quelle quels allume éteins mets qu " +
      "il au aux minuterie lumière lumières salon cuisine chambre"
    ).split(" "),
  ),
};
