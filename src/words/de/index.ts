import type { LanguagePack } from "../pack.js";
import { scheduledActions } from "./scheduled-actions.js";

export const de: LanguagePack = {
  language: "de",
  scheduledActions,
};
