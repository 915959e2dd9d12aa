import type { LanguagePack } from "../pack.js";
import { actionLines } from "./action-lines.js";
import { intent } from "./intent.js";

export const zh: LanguagePack = {
  language: "zh",
  intent,
  actionLines,
};
