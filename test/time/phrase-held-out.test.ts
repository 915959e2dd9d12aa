import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { resolveDateTime } from "../../src/time/parse.js";

/*
 * Phrases written after the parsers were taught and the tables in parse.test.ts passed, and never tuned on:
 * how often the choice between chrono's parsers (the reading that covers most of the text, a tie to the
 * turn's language) and the pack words get a phrase right that they were not shown. Each is read with the
 * turn's language and without it (detected). An error is a wrong time or no reading; the figures are printed.
 */
const NOW = "2026-03-04T10:00"; // a Wednesday
const ZONE = "Europe/Berlin";

const HELD_OUT: Record<"de" | "fr" | "en", Array<[string, string]>> = {
  de: [
    ["in fünf Minuten", "2026-03-04 10:05"],
    ["in 3 Stunden", "2026-03-04 13:00"],
    ["in zehn Tagen", "2026-03-14 10:00"],
    ["in zwei Wochen", "2026-03-18 10:00"],
    ["vor einer Stunde", "2026-03-04 09:00"],
    ["vor zwei Tagen", "2026-03-02 10:00"],
    ["heute um 17 Uhr", "2026-03-04 17:00"],
    ["morgen um 6:45", "2026-03-05 06:45"],
    ["Donnerstag um 14 Uhr", "2026-03-05 14:00"],
    ["am Samstag um 10", "2026-03-07 10:00"],
    ["übermorgen um halb neun", "2026-03-06 08:30"],
    ["nächsten Mittwoch um 19 Uhr", "2026-03-11 19:00"],
    ["am 20. März", "2026-03-20"],
    ["am 1. April um 12 Uhr", "2026-04-01 12:00"],
    ["heute Abend um 7", "2026-03-04 19:00"],
    ["in einer Dreiviertelstunde", "2026-03-04 10:45"],
    ["in eineinhalb Stunden", "2026-03-04 11:30"],
    ["um Viertel vor neun", "2026-03-05 08:45"],
    ["morgen Mittag", "2026-03-05 12:00"],
    ["in 45 Minuten", "2026-03-04 10:45"],
  ],
  fr: [
    ["dans cinq minutes", "2026-03-04 10:05"],
    ["dans 3 heures", "2026-03-04 13:00"],
    ["dans dix jours", "2026-03-14 10:00"],
    ["dans deux semaines", "2026-03-18 10:00"],
    ["il y a une heure", "2026-03-04 09:00"],
    ["il y a deux jours", "2026-03-02 10:00"],
    ["aujourd'hui à 17h", "2026-03-04 17:00"],
    ["demain à 6h45", "2026-03-05 06:45"],
    ["jeudi à 14h", "2026-03-05 14:00"],
    ["samedi à 10 heures", "2026-03-07 10:00"],
    ["après-demain à huit heures et demie", "2026-03-06 08:30"],
    ["mercredi prochain à 19h", "2026-03-11 19:00"],
    ["le 20 mars", "2026-03-20"],
    ["le 1er avril à midi", "2026-04-01 12:00"],
    ["ce soir à 7 heures", "2026-03-04 19:00"],
    ["dans trois quarts d'heure", "2026-03-04 10:45"],
    ["dans une heure et quart", "2026-03-04 11:15"],
    ["à neuf heures moins le quart", "2026-03-05 08:45"],
    ["demain midi", "2026-03-05 12:00"],
    ["dans 45 minutes", "2026-03-04 10:45"],
  ],
  en: [
    ["in 5 minutes", "2026-03-04 10:05"],
    ["tomorrow at 6:45am", "2026-03-05 06:45"],
    ["next Wednesday at 7pm", "2026-03-11 19:00"],
    ["2 days ago", "2026-03-02 10:00"],
    ["tonight at 8", "2026-03-04 20:00"],
    ["on Saturday at 10am", "2026-03-07 10:00"],
  ],
};

async function read(text: string, language: string | undefined): Promise<string> {
  const now = DateTime.fromISO(NOW, { zone: ZONE });
  try {
    const resolved = await resolveDateTime(text, ZONE, now, language);
    const value = resolved.value.setZone(ZONE);
    return resolved.timeSpecified ? value.toFormat("yyyy-MM-dd HH:mm") : value.toFormat("yyyy-MM-dd");
  } catch {
    return "(not understood)";
  }
}

describe("phrases held out from tuning", () => {
  it("are read right, with the turn's language and without it (figures printed)", async () => {
    const wrong: string[] = [];
    let total = 0;
    for (const [language, table] of Object.entries(HELD_OUT)) {
      for (const told of [language, undefined]) {
        let errors = 0;
        for (const [text, expected] of table) {
          const got = await read(text, told);
          if (got !== expected) {
            errors++;
            wrong.push(`${language}${told ? "" : " (detected)"}: "${text}" → ${got}, expected ${expected}`);
          }
        }
        total += errors;
        console.log(
          `held-out ${language}, turn language ${told ?? "not told"}: ${errors}/${table.length} wrong ` +
            `(${((100 * errors) / table.length).toFixed(0)} %)`,
        );
      }
    }
    console.log(wrong.join("\n"));
    // Measured when written (never tuned after): de 1/20 with and without the turn's language ("morgen
    // Mittag": chrono's de parser gives noon as a guess, not a time, so it reads as a day), fr 0/20, en 0/6.
    expect(total).toBeLessThanOrEqual(2);
  });
});
