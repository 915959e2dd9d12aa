import type { ColorWords } from "../colors.js";

/*
 * HA's intents fr `color` list, but "violet": it is also an English (CSS) colour name, and an English
 * name is passed on as said.
 */
export const colors: ColorWords = {
  blanc: "white",
  blanche: "white",
  noir: "black",
  noire: "black",
  rouge: "red",
  jaune: "yellow",
  vert: "green",
  verte: "green",
  bleu: "blue",
  bleue: "blue",
  violette: "purple",
  marron: "brown",
  rose: "pink",
};
