import type { LanguagePack } from "../pack.js";

export const de: LanguagePack = {
  language: "de",
};
