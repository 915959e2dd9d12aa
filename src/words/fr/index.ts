import type { LanguagePack } from "../pack.js";
import { actionLines } from "./action-lines.js";
import { actions } from "./actions.js";
import { claims } from "./claims.js";
import { colors } from "./colors.js";
import { consent } from "./consent.js";
import { frHome } from "./home.js";
import { frRules } from "./rules.js";
import { intent } from "./intent.js";
import { markers } from "./markers.js";
import { reminderTimes } from "./reminder-times.js";
import { scheduledActions } from "./scheduled-actions.js";
import { speech } from "./speech.js";
import { time } from "./time.js";

export const fr: LanguagePack = {
  language: "fr",
  intent,
  claims,
  actionLines,
  speech,
  markers,
  rules: frRules,
  scheduledActions,
  reminderTimes,
  time,
  colors,
  home: frHome,
  actions,
  consent,
};
