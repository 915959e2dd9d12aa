import type { ColorWords } from "../colors.js";

/* HA's intents de `color` list (weiß|weiss, schwarz, rot, orange, gelb, grün, blau, violett, braun). */
export const colors: ColorWords = {
  weiß: "white",
  weiss: "white",
  schwarz: "black",
  rot: "red",
  gelb: "yellow",
  grün: "green",
  blau: "blue",
  violett: "purple",
  braun: "brown",
};
