import { weekdays, type ReminderTimeWords } from "../reminder-times.js";

/*
 * German. The weekday names are HA's intents de responses' (HassGetCurrentDate: Montag…Sonntag), with the
 * usual two-letter abbreviations and the adverbs (montags); the time units are its timer lists' (Minute,
 * Minuten, Stunde, Stunden, Sekunde, Sekunden; "eine halbe Stunde", "Viertelstunde" from
 * timer_hour_parts_to_minutes). HA has no repeat words: these are the everyday ones (Duden: täglich,
 * werktags, wöchentlich, monatlich, jährlich) and their "jeden …" forms.
 */
export const reminderTimes: ReminderTimeWords = {
  repeats: {
    täglich: "FREQ=DAILY",
    "jeden tag": "FREQ=DAILY",
    werktags: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "jeden werktag": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "an werktagen": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "montags bis freitags": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "von montag bis freitag": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "am wochenende": "FREQ=WEEKLY;BYDAY=SA,SU",
    "jedes wochenende": "FREQ=WEEKLY;BYDAY=SA,SU",
    wöchentlich: "FREQ=WEEKLY",
    "jede woche": "FREQ=WEEKLY",
    monatlich: "FREQ=MONTHLY",
    "jeden monat": "FREQ=MONTHLY",
    jährlich: "FREQ=YEARLY",
    "jedes jahr": "FREQ=YEARLY",
  },
  weeklyOn: /^(?:(?:wöchentlich|jede woche)\s*(?:am|an)?|jeden)\s*/i,
  weekdays: weekdays({
    MO: "mo|montag|montags",
    TU: "di|dienstag|dienstags",
    WE: "mi|mittwoch|mittwochs",
    TH: "do|donnerstag|donnerstags",
    FR: "fr|freitag|freitags",
    SA: "sa|samstag|samstags|sonnabend",
    SU: "so|sonntag|sonntags",
  }),
  dayJoiners: ["und"],
  sunOffset: {
    after: /\b(?:nach|danach|später|dem|der)\b/gi,
    at: /^\s*(?:bei|um|zum|zur)\s*/i,
    amounts: [
      [/\b(?:eine )?halbe stunde\b/i, "30 minutes"],
      [/\b(?:eine )?viertelstunde\b/i, "15 minutes"],
      [/\beine stunde\b/i, "1 hour"],
      [/\bminuten?\b/gi, "minutes"],
      [/\bstunden?\b/gi, "hours"],
      [/\bsekunden?\b/gi, "seconds"],
    ],
  },
};
