import type { LanguagePack } from "../pack.js";
import { deRules } from "./rules.js";

export const de: LanguagePack = {
  language: "de",
  rules: deRules,
};
