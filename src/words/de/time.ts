import { units, type TimeWords } from "../time-words.js";

/*
 * German. The units and the spoken amounts are HA's intents de timer lists' (Sekunde(n), Minute(n),
 * Stunde(n); "eine halbe Stunde", "Viertelstunde", "Dreiviertelstunde", "anderthalb" from
 * timer_hour_parts_to_minutes), with the calendar units (Tag, Woche, Monat, Jahr: Duden) and the number
 * words one to sixty (Duden). "in …" and "vor …" are how HA's timer sentences say from now and ago.
 * chrono's de parser reads the rest ("morgen um 9", "am Freitag um 15:30", "nächsten Montag").
 */
export const time: TimeWords = {
  now: ["jetzt", "gerade jetzt", "sofort"],
  later: [/(?:^|\s)in\s+(.+)$/i, /^(?:in\s+)?(.+?)\s+(?:später|ab jetzt)$/i],
  earlier: [/^vor\s+(.+)$/i],
  amounts: [
    [/(?<!\p{L})(?:eine[rnm]?\s+)?dreiviertelstunde(?!\p{L})/giu, "45 minutes"],
    [/(?<!\p{L})(?:eine[rnm]?\s+)?viertelstunde(?!\p{L})/giu, "15 minutes"],
    [/(?<!\p{L})(?:eine[rnm]?\s+)?halbe[nm]?\s+stunde(?!\p{L})/giu, "30 minutes"],
    [/(?<!\p{L})(?:anderthalb|eineinhalb)(?!\p{L})/giu, "1.5"],
    [/(?<!\p{L})zweieinhalb(?!\p{L})/giu, "2.5"],
    [/(?<!\p{L})dreieinhalb(?!\p{L})/giu, "3.5"],
  ],
  numbers: {
    ein: 1,
    eine: 1,
    einer: 1,
    einem: 1,
    einen: 1,
    eins: 1,
    zwei: 2,
    drei: 3,
    vier: 4,
    fünf: 5,
    sechs: 6,
    sieben: 7,
    acht: 8,
    neun: 9,
    zehn: 10,
    elf: 11,
    zwölf: 12,
    dreizehn: 13,
    vierzehn: 14,
    fünfzehn: 15,
    sechzehn: 16,
    siebzehn: 17,
    achtzehn: 18,
    neunzehn: 19,
    zwanzig: 20,
    einundzwanzig: 21,
    zweiundzwanzig: 22,
    dreiundzwanzig: 23,
    vierundzwanzig: 24,
    fünfundzwanzig: 25,
    dreißig: 30,
    vierzig: 40,
    fünfundvierzig: 45,
    fünfzig: 50,
    sechzig: 60,
  },
  units: units({
    seconds: "sekunde|sekunden|sek",
    minutes: "minute|minuten|min",
    hours: "stunde|stunden|std",
    days: "tag|tage|tagen",
    weeks: "woche|wochen",
    months: "monat|monate|monaten",
    years: "jahr|jahre|jahren",
  }),
  joiners: ["und"],
  pastCue: /(?<!\p{L})(?:letzte[nmrs]?|vergangene[nmrs]?|vorige[nmrs]?)(?!\p{L})/iu,
  examples: ["morgen um 9", "in einer Stunde"],
  // "früh" is read as the morning only after a day ("morgen früh um 7"); chrono reads "Vormittag" there.
  phraseWords: [[/(?<=(?:morgen|heute|übermorgen)\s+)früh(?!\p{L})/giu, "Vormittag"]],
  // The quarter hours as HA's intents de timer and time sentences say them (Duden: "halb acht" is 7:30).
  clockWords: [
    { pattern: /(?<!\p{L})(?:um\s+)?halb\s+(\d{1,2})(?!\d)/iu, hourShift: -1, minute: 30 },
    { pattern: /(?<!\p{L})(?:um\s+)?viertel\s+nach\s+(\d{1,2})(?!\d)/iu, minute: 15 },
    { pattern: /(?<!\p{L})(?:um\s+)?viertel\s+vor\s+(\d{1,2})(?!\d)/iu, hourShift: -1, minute: 45 },
    { pattern: /(?<!\p{L})(?:um\s+)?dreiviertel\s+(\d{1,2})(?!\d)/iu, hourShift: -1, minute: 45 },
    { pattern: /(?<!\p{L})(?:um\s+)?mitternacht(?!\p{L})/iu, hour: 0, minute: 0 },
  ],
  dayWords: {},
};
