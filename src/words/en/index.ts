import type { LanguagePack } from "../pack.js";
import { actions } from "./actions.js";

export const en: LanguagePack = {
  language: "en",
  actions,
};
