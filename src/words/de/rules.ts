import type { RuleWords } from "../rules.js";

const sunName = { sunrise: "Sonnenaufgang", sunset: "Sonnenuntergang" };

export const deRules: RuleWords = {
  days: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
  everyDay: "Jeden Tag",
  weekdays: "Jeden Werktag",
  weekend: "Jeden Wochenendtag",
  onDays: (days) => `Am ${days}`,
  at: (time) => `um ${time}`,
  sun: (event, minutes) =>
    minutes === 0
      ? `bei ${sunName[event]}`
      : `${Math.abs(minutes)} Minuten ${minutes < 0 ? "vor" : "nach"} ${sunName[event]}`,
  every: (amount, unit) =>
    `Alle ${amount} ${{ hours: "Stunden", minutes: "Minuten", seconds: "Sekunden" }[unit]}`,
  becomes: (name, to) => (to === undefined ? `Wenn sich ${name} ändert` : `Wenn ${name} ${to} wird`),
  rises: (name, above) => `Wenn ${name} über ${above} steigt`,
  falls: (name, below) => `Wenn ${name} unter ${below} fällt`,
  lasting: (duration) => ` für ${duration}`,
  event: (type) => `Wenn das Ereignis ${type} eintritt`,
  other: (kind) => `Bei einem ${kind}-Auslöser`,
  onlyIf: (text) => `nur wenn ${text}`,
  is: (name, state) => `${name} ${state} ist`,
  isAbove: (name, value) => `${name} über ${value} ist`,
  isBelow: (name, value) => `${name} unter ${value} ist`,
  afterSun: (event) => `nach ${sunName[event]}`,
  beforeSun: (event) => `vor ${sunName[event]}`,
  between: (after, before) =>
    after && before ? `zwischen ${after} und ${before}` : after ? `nach ${after}` : `vor ${before}`,
  verbs: {
    turn_on: "schalte ein:",
    turn_off: "schalte aus:",
    toggle: "schalte um:",
    open_cover: "öffne",
    open_valve: "öffne",
    close_valve: "schließe",
    close_cover: "schließe",
    lock: "verriegle",
    unlock: "entriegle",
    open: "öffne",
    pause: "pausiere",
    start: "starte",
    stop: "stoppe",
    alarm_disarm: "entschärfe",
  },
  call: (service, names) => (names ? `${service} ${names}` : `rufe ${service} auf`),
  wait: (duration) => `warte ${duration}`,
  waitUntil: (text) => `warte, bis ${text.replace(/^Wenn /, "")}`,
  choice: (text) => `wenn ${text}`,
  colon: ": ",
  and: ", ",
  then: ", dann ",
  askCreate: (rule) => `${rule}. Soll ich die Regel anlegen?`,
  askChange: (rule) => `${rule}. Soll ich die Regel so ändern?`,
  risky: (action) => `Achtung: Bei jedem Lauf wird diese Regel ${action}.`,
};
