import type { ScheduledActionWords } from "../scheduled-actions.js";

export const scheduledActions: ScheduledActionWords = {
  title: "Cyrene: geplante Aktion",
  verbs: {
    turn_on: "einschalten:",
    turn_off: "ausschalten:",
    toggle: "umschalten:",
    open_cover: "öffnen:",
    close_cover: "schließen:",
    stop_cover: "anhalten:",
    set_cover_position: "Position setzen:",
    lock: "abschließen:",
    unlock: "aufschließen:",
    open: "öffnen:",
    set_temperature: "Temperatur setzen:",
    set_hvac_mode: "Modus setzen:",
    alarm_disarm: "unscharf schalten:",
    alarm_arm_away: "scharf schalten:",
    press: "drücken:",
  },
  when: (day, time) =>
    day === "today" ? `Um ${time}` : day === "tomorrow" ? `Morgen um ${time}` : `Am ${day.date} um ${time}`,
  willDo: (when, verb, names) => `${when}: ${verb} ${names}.`,
  done: (what) => `Wie geplant erledigt: ${what}.`,
  failed: (what, why) => `Die geplante Aktion wurde nicht ausgeführt (${what}): ${why}`,
  missed: (what, due) => `Verpasst, nicht ausgeführt: ${what} (fällig um ${due}; Cyrene lief nicht).`,
  unknown: (what) => `Cyrene wurde dabei beendet; ob es geschah, ist unklar: ${what}. Bitte prüfen.`,
  gone: (id) =>
    `${id} gibt es in Home Assistant nicht mehr (gelöscht oder umbenannt); nichts wurde ausgeführt.`,
  unexposed: (name, id) =>
    `${name} (${id}) ist für Assist in Home Assistant nicht mehr freigegeben; nichts wurde ausgeführt.`,
  sun: {
    sunrise: /sonnenaufgang/i,
    sunset: /sonnenuntergang|abenddämmerung/i,
    before: /\bvor\b/i,
  },
};
