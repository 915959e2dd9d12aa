import type { LanguagePack } from "../pack.js";
import { actions } from "./actions.js";

export const fr: LanguagePack = {
  language: "fr",
  actions,
};
