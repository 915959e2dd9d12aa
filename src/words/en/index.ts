import type { LanguagePack } from "../pack.js";

export const en: LanguagePack = {
  language: "en",
};
