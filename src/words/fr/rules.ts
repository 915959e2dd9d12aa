import type { RuleWords } from "../rules.js";

const sunName = { sunrise: "le lever du soleil", sunset: "le coucher du soleil" };

export const frRules: RuleWords = {
  days: ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
  everyDay: "Chaque jour",
  weekdays: "Chaque jour de semaine",
  weekend: "Chaque jour du week-end",
  onDays: (days) => `Le ${days}`,
  at: (time) => `à ${time}`,
  sun: (event, minutes) =>
    minutes === 0
      ? `au ${sunName[event].replace(/^le /, "")}`
      : `${Math.abs(minutes)} minutes ${minutes < 0 ? "avant" : "après"} ${sunName[event]}`,
  every: (amount, unit) =>
    `Toutes les ${amount} ${{ hours: "heures", minutes: "minutes", seconds: "secondes" }[unit]}`,
  becomes: (name, to) => (to === undefined ? `Quand ${name} change` : `Quand ${name} passe à ${to}`),
  rises: (name, above) => `Quand ${name} dépasse ${above}`,
  falls: (name, below) => `Quand ${name} descend sous ${below}`,
  lasting: (duration) => ` pendant ${duration}`,
  event: (type) => `Quand l'événement ${type} survient`,
  other: (kind) => `Sur un déclencheur ${kind}`,
  onlyIf: (text) => `seulement si ${text}`,
  is: (name, state) => `${name} est ${state}`,
  isAbove: (name, value) => `${name} dépasse ${value}`,
  isBelow: (name, value) => `${name} est sous ${value}`,
  afterSun: (event) => `après ${sunName[event]}`,
  beforeSun: (event) => `avant ${sunName[event]}`,
  between: (after, before) =>
    after && before ? `entre ${after} et ${before}` : after ? `après ${after}` : `avant ${before}`,
  verbs: {
    turn_on: "allumer",
    turn_off: "éteindre",
    toggle: "basculer",
    open_cover: "ouvrir",
    open_valve: "ouvrir",
    close_valve: "fermer",
    close_cover: "fermer",
    lock: "verrouiller",
    unlock: "déverrouiller",
    open: "ouvrir",
    pause: "mettre en pause",
    start: "démarrer",
    stop: "arrêter",
    alarm_disarm: "désarmer",
  },
  call: (service, names) => (names ? `${service} ${names}` : `appeler ${service}`),
  wait: (duration) => `attendre ${duration}`,
  waitUntil: (text) => `attendre que ${text.replace(/^Quand /, "")}`,
  choice: (text) => `si ${text}`,
  colon: " : ",
  and: ", ",
  then: ", puis ",
  askCreate: (rule) => `${rule}. Je crée la règle ?`,
  askChange: (rule) => `${rule}. Je modifie la règle ainsi ?`,
  risky: (action) => `Attention : à chaque exécution, cette règle va ${action}.`,
};
