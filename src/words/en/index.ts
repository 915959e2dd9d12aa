import type { LanguagePack } from "../pack.js";
import { enHome } from "./home.js";

export const en: LanguagePack = {
  language: "en",
  home: enHome,
};
