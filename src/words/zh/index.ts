import type { LanguagePack } from "../pack.js";
import { actionLines } from "./action-lines.js";
import { claims } from "./claims.js";
import { intent } from "./intent.js";

export const zh: LanguagePack = {
  language: "zh",
  intent,
  claims,
  actionLines,
};
