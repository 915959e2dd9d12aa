import type { LanguagePack } from "../pack.js";
import { actions } from "./actions.js";
import { consent } from "./consent.js";

export const de: LanguagePack = {
  language: "de",
  actions,
  consent,
};
