import type { LanguagePack } from "../pack.js";
import { scheduledActions } from "./scheduled-actions.js";

export const en: LanguagePack = {
  language: "en",
  scheduledActions,
};
