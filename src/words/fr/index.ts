import type { LanguagePack } from "../pack.js";
import { actionLines } from "./action-lines.js";
import { intent } from "./intent.js";

export const fr: LanguagePack = {
  language: "fr",
  intent,
  actionLines,
};
