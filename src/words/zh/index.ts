import type { LanguagePack } from "../pack.js";
import { actionLines } from "./action-lines.js";
import { actions } from "./actions.js";
import { claims } from "./claims.js";
import { colors } from "./colors.js";
import { consent } from "./consent.js";
import { intent } from "./intent.js";
import { markers } from "./markers.js";
import { reminderTimes } from "./reminder-times.js";
import { scheduledActions } from "./scheduled-actions.js";
import { speech } from "./speech.js";
import { time } from "./time.js";
import { zhHome } from "./home.js";
import { zhRules } from "./rules.js";

export const zh: LanguagePack = {
  language: "zh",
  intent,
  claims,
  actionLines,
  speech,
  markers,
  rules: zhRules,
  scheduledActions,
  reminderTimes,
  time,
  colors,
  home: zhHome,
  actions,
  consent,
};
