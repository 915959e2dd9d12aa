import type { LanguagePack } from "../pack.js";
import { deHome } from "./home.js";

export const de: LanguagePack = {
  language: "de",
  home: deHome,
};
