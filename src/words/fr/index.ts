import type { LanguagePack } from "../pack.js";
import { frRules } from "./rules.js";

export const fr: LanguagePack = {
  language: "fr",
  rules: frRules,
};
