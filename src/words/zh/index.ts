import type { LanguagePack } from "../pack.js";
import { scheduledActions } from "./scheduled-actions.js";

export const zh: LanguagePack = {
  language: "zh",
  scheduledActions,
};
