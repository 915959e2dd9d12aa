import type { LanguageMarkers } from "../markers.js";

// Function words, and the commonest words of requests to a home, that English, French and Dutch do not write.
export const markers: LanguageMarkers = {
  letters: /[äöüß]/g,
  words: new Set(
    (
      "der die das den dem des ein eine einen einem ist sind im auf und mit ich du wie was schalte schalten " +
      "mach mache bitte aus alle nicht von zu ins am wird welche noch es stunde stunden sekunden " +
      "abbrechen licht lichter spiel spiele mehr weniger einstellen hier helligkeit wohnzimmer schalter vom " +
      "dich wer unsere unseren diesem dieser fortsetzen pausieren"
    ).split(" "),
  ),
};
