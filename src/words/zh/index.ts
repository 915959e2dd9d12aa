import type { LanguagePack } from "../pack.js";

export const zh: LanguagePack = {
  language: "zh",
};
