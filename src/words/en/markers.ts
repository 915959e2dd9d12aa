import type { LanguageMarkers } from "../markers.js";

// Function words, and the commonest words of requests to a home, that German, French and Dutch do not write.
export const markers: LanguageMarkers = {
  words: new Set(
    (
      "the a an are was to on off of what how and my it its please turn set switch for with this that you me " +
      "all lights light open close there any minutes seconds hour hours increase decrease remove play mute " +
      "unmute resume kitchen bedroom living room brightness temperature volume up down named called by"
    ).split(" "),
  ),
};
