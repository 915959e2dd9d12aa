import type { LanguagePack } from "../pack.js";
import { actions } from "./actions.js";

export const de: LanguagePack = {
  language: "de",
  actions,
};
