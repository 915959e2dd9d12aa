import type { LanguagePack } from "../pack.js";
import { frHome } from "./home.js";

export const fr: LanguagePack = {
  language: "fr",
  home: frHome,
};
