import type { LanguagePack } from "../pack.js";
import { actionLines } from "./action-lines.js";
import { actions } from "./actions.js";
import { claims } from "./claims.js";
import { colors } from "./colors.js";
import { consent } from "./consent.js";
import { deHome } from "./home.js";
import { deRules } from "./rules.js";
import { intent } from "./intent.js";
import { markers } from "./markers.js";
import { reminderTimes } from "./reminder-times.js";
import { scheduledActions } from "./scheduled-actions.js";
import { speech } from "./speech.js";
import { time } from "./time.js";

export const de: LanguagePack = {
  language: "de",
  intent,
  claims,
  actionLines,
  speech,
  markers,
  rules: deRules,
  scheduledActions,
  reminderTimes,
  time,
  colors,
  home: deHome,
  actions,
  consent,
};
