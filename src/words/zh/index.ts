import type { LanguagePack } from "../pack.js";
import { actions } from "./actions.js";

export const zh: LanguagePack = {
  language: "zh",
  actions,
};
