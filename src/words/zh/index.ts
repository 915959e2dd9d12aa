import type { LanguagePack } from "../pack.js";
import { zhHome } from "./home.js";

export const zh: LanguagePack = {
  language: "zh",
  home: zhHome,
};
