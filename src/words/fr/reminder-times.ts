import { weekdays, type ReminderTimeWords } from "../reminder-times.js";

/*
 * French. HA's intents fr data names no weekday (its HassGetCurrentDate response says only the date): these
 * are lundi…dimanche with their plurals and usual abbreviations (Larousse); the time units are its expansion rules second_unit, minute_unit and
 * hour_unit (seconde(s), minute(s), heure(s)). HA has no repeat words: these are the everyday ones
 * (quotidien, en semaine, hebdomadaire, mensuel, annuel) and their "tous les …" / "chaque …" forms.
 */
export const reminderTimes: ReminderTimeWords = {
  repeats: {
    quotidien: "FREQ=DAILY",
    "tous les jours": "FREQ=DAILY",
    "chaque jour": "FREQ=DAILY",
    "en semaine": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "les jours de semaine": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "tous les jours ouvrés": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "tous les jours de semaine": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "chaque jour de semaine": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "du lundi au vendredi": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "le week-end": "FREQ=WEEKLY;BYDAY=SA,SU",
    "tous les week-ends": "FREQ=WEEKLY;BYDAY=SA,SU",
    hebdomadaire: "FREQ=WEEKLY",
    "toutes les semaines": "FREQ=WEEKLY",
    "chaque semaine": "FREQ=WEEKLY",
    mensuel: "FREQ=MONTHLY",
    "tous les mois": "FREQ=MONTHLY",
    "chaque mois": "FREQ=MONTHLY",
    annuel: "FREQ=YEARLY",
    "tous les ans": "FREQ=YEARLY",
    "chaque année": "FREQ=YEARLY",
  },
  weeklyOn: /^(?:(?:toutes les semaines|chaque semaine|hebdomadaire)\s*(?:le|les)?|tous les|chaque|le)\s*/i,
  weekdays: weekdays({
    MO: "lun|lundi|lundis",
    TU: "mar|mardi|mardis",
    WE: "mer|mercredi|mercredis",
    TH: "jeu|jeudi|jeudis",
    FR: "ven|vendredi|vendredis",
    SA: "sam|samedi|samedis",
    SU: "dim|dimanche|dimanches",
  }),
  dayJoiners: ["et"],
  sunOffset: {
    after: /(?<![\p{L}])(?:après|plus tard|le|la|du|de)(?![\p{L}])/giu,
    at: /^\s*(?:à|au)(?![\p{L}])\s*/iu,
    amounts: [
      [/(?<![\p{L}])(?:une )?demi-heure(?![\p{L}])/iu, "30 minutes"],
      [/(?<![\p{L}])(?:un )?quart d['’]heure(?![\p{L}])/iu, "15 minutes"],
      [/(?<![\p{L}])une heure(?![\p{L}])/iu, "1 hour"],
      [/(?<![\p{L}])heures?(?![\p{L}])/giu, "hours"],
      [/(?<![\p{L}])secondes?(?![\p{L}])/giu, "seconds"],
    ],
  },
};
