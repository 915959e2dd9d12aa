import type { ColorWords } from "../colors.js";

/* HA's intents en `color` list maps each name to itself: English names pass through. */
export const colors: ColorWords = {};
