import type { LanguagePack } from "../pack.js";
import { scheduledActions } from "./scheduled-actions.js";

export const fr: LanguagePack = {
  language: "fr",
  scheduledActions,
};
