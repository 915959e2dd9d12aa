import { weekdays, type ReminderTimeWords } from "../reminder-times.js";

/* English, as Cyrene's reminder_create has read it since it was written (its tool description's examples). */
export const reminderTimes: ReminderTimeWords = {
  repeats: {
    daily: "FREQ=DAILY",
    everyday: "FREQ=DAILY",
    weekdays: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    weekends: "FREQ=WEEKLY;BYDAY=SA,SU",
    weekly: "FREQ=WEEKLY",
    monthly: "FREQ=MONTHLY",
    yearly: "FREQ=YEARLY",
    annually: "FREQ=YEARLY",
  },
  weeklyOn: /^(?:weekly|every week)\s*(?:on)?\s*/i,
  weekdays: weekdays({
    MO: "mo|mon|monday",
    TU: "tu|tue|tuesday",
    WE: "we|wed|wednesday",
    TH: "th|thu|thursday",
    FR: "fr|fri|friday",
    SA: "sa|sat|saturday",
    SU: "su|sun|sunday",
  }),
  dayJoiners: ["and"],
  sunOffset: {
    after: /\b(?:after|past|later|of|an?)\b/gi,
    at: /^\s*at\s*/i,
    amounts: [
      [/half an hour/i, "30 minutes"],
      [/\ban hour\b/i, "1 hour"],
      [/\ba quarter(?: of an hour)?\b/i, "15 minutes"],
    ],
  },
};
