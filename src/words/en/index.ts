import type { LanguagePack } from "../pack.js";
import { enRules } from "./rules.js";

export const en: LanguagePack = {
  language: "en",
  rules: enRules,
};
