import type { LanguagePack } from "../pack.js";
import { markers } from "./markers.js";
import { speech } from "./speech.js";

export const zh: LanguagePack = {
  language: "zh",
  speech,
  markers,
};
