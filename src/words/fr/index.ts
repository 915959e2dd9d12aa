import type { LanguagePack } from "../pack.js";

export const fr: LanguagePack = {
  language: "fr",
};
