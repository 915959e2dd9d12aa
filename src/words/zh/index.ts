import type { LanguagePack } from "../pack.js";
import { zhRules } from "./rules.js";

export const zh: LanguagePack = {
  language: "zh",
  rules: zhRules,
};
