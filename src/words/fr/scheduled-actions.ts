import type { ScheduledActionWords } from "../scheduled-actions.js";

export const scheduledActions: ScheduledActionWords = {
  title: "Cyrene : action programmée",
  verbs: {
    turn_on: "allumer",
    turn_off: "éteindre",
    toggle: "basculer",
    open_cover: "ouvrir",
    close_cover: "fermer",
    stop_cover: "arrêter",
    set_cover_position: "régler la position de",
    lock: "verrouiller",
    unlock: "déverrouiller",
    open: "ouvrir",
    set_temperature: "régler la température de",
    set_hvac_mode: "régler le mode de",
    alarm_disarm: "désarmer",
    alarm_arm_away: "armer",
    press: "appuyer sur",
  },
  when: (day, time) =>
    day === "today" ? `À ${time}` : day === "tomorrow" ? `Demain à ${time}` : `Le ${day.date} à ${time}`,
  willDo: (when, verb, names) => `${when}, je vais ${verb} ${names}.`,
  done: (what) => `Fait comme prévu : ${what}.`,
  failed: (what, why) => `L'action prévue n'a pas été faite (${what}) : ${why}`,
  missed: (what, due) => `Manquée, donc pas faite : ${what} (prévue à ${due} ; Cyrene ne tournait pas).`,
  unknown: (what) =>
    `Cyrene s'est arrêtée pendant l'action ; impossible de savoir si elle a eu lieu : ${what}.`,
  gone: (id) => `${id} n'existe plus dans Home Assistant (supprimé ou renommé) ; rien n'a été fait.`,
  unexposed: (name, id) =>
    `${name} (${id}) n'est plus exposé à Assist dans Home Assistant ; rien n'a été fait.`,
  sun: { sunrise: /lever du soleil|aube/i, sunset: /coucher du soleil|crépuscule/i, before: /\bavant\b/i },
};
