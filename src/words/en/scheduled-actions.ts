import type { ScheduledActionWords } from "../scheduled-actions.js";

export const scheduledActions: ScheduledActionWords = {
  title: "Cyrene scheduled action",
  verbs: {
    turn_on: "turn on",
    turn_off: "turn off",
    toggle: "toggle",
    open_cover: "open",
    close_cover: "close",
    stop_cover: "stop",
    set_cover_position: "set the position of",
    lock: "lock",
    unlock: "unlock",
    open: "open",
    set_temperature: "set the temperature of",
    set_hvac_mode: "set the mode of",
    alarm_disarm: "disarm",
    alarm_arm_away: "arm",
    press: "press",
  },
  when: (day, time) =>
    day === "today" ? `At ${time}` : day === "tomorrow" ? `Tomorrow at ${time}` : `On ${day.date} at ${time}`,
  willDo: (when, verb, names) => `${when} I'll ${verb} ${names}.`,
  done: (what) => `Done as scheduled: ${what}.`,
  failed: (what, why) => `The scheduled action was not done (${what}): ${why}`,
  missed: (what, due) => `Missed, so not done: ${what} (was due at ${due}; Cyrene was not running).`,
  unknown: (what) =>
    `Cyrene stopped while doing this, so it may or may not have happened: ${what}. Please check.`,
  gone: (id) => `${id} no longer exists in Home Assistant (deleted or renamed); nothing was done.`,
  unexposed: (name, id) =>
    `${name} (${id}) is no longer exposed to Assist in Home Assistant; nothing was done.`,
  sun: { sunrise: /\b(?:sunrise|dawn)\b/i, sunset: /\b(?:sunset|dusk|sundown)\b/i, before: /\bbefore\b/i },
};
