import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { resolveDateTime } from "../../src/time/parse.js";

// Wednesday 4 March 2026, 10:00 in the home's zone.
const NOW = "2026-03-04T10:00";
const BERLIN = "Europe/Berlin";
const PARIS = "Europe/Paris";

/** What the phrase resolves to, as a wall-clock time in the zone (and whether a time of day was given). */
async function read(text: string, zone: string, language?: string): Promise<string> {
  const now = DateTime.fromISO(NOW, { zone });
  const resolved = await resolveDateTime(text, zone, now, language);
  const value = resolved.value.setZone(zone);
  return resolved.timeSpecified ? value.toFormat("yyyy-MM-dd HH:mm") : value.toFormat("yyyy-MM-dd");
}

const GERMAN: Array<[string, string]> = [
  ["jetzt", "2026-03-04 10:00"],
  ["in einer Stunde", "2026-03-04 11:00"],
  ["erinnere mich in einer Stunde", "2026-03-04 11:00"],
  ["in 2 Stunden", "2026-03-04 12:00"],
  ["in zwei Stunden und 15 Minuten", "2026-03-04 12:15"],
  ["in einer halben Stunde", "2026-03-04 10:30"],
  ["erinnere mich in einer halben Stunde", "2026-03-04 10:30"],
  ["in einer Viertelstunde", "2026-03-04 10:15"],
  ["in anderthalb Stunden", "2026-03-04 11:30"],
  ["drei Tage später", "2026-03-07 10:00"],
  ["vor 5 Minuten", "2026-03-04 09:55"],
  ["vor drei Tagen", "2026-03-01 10:00"],
  ["morgen um neun", "2026-03-05 09:00"],
  ["morgen um 9 Uhr", "2026-03-05 09:00"],
  ["am Freitag um 15:30", "2026-03-06 15:30"],
  ["übermorgen um 18 Uhr", "2026-03-06 18:00"],
  ["nächsten Montag um 8 Uhr", "2026-03-09 08:00"],
  ["um 7 Uhr", "2026-03-05 07:00"],
  ["um 8", "2026-03-05 08:00"],
  ["um halb acht", "2026-03-05 07:30"],
  ["morgen um Viertel nach 8", "2026-03-05 08:15"],
  ["heute um Viertel vor zwölf", "2026-03-04 11:45"],
  ["morgen früh um 7", "2026-03-05 07:00"],
  ["heute Abend um 8", "2026-03-04 20:00"],
  ["am 15. März um 10 Uhr", "2026-03-15 10:00"],
  ["um Mitternacht", "2026-03-05 00:00"],
  ["morgen", "2026-03-05"],
  ["letzten Montag", "2026-03-02"],
];

const FRENCH: Array<[string, string]> = [
  ["maintenant", "2026-03-04 10:00"],
  ["dans une heure", "2026-03-04 11:00"],
  ["rappelle-moi dans une heure", "2026-03-04 11:00"],
  ["dans 2 heures", "2026-03-04 12:00"],
  ["dans une demi-heure", "2026-03-04 10:30"],
  ["rappelle-moi dans une demi-heure", "2026-03-04 10:30"],
  ["dans un quart d'heure", "2026-03-04 10:15"],
  ["dans une heure et demie", "2026-03-04 11:30"],
  ["dans deux heures et quart", "2026-03-04 12:15"],
  ["dans trois jours", "2026-03-07 10:00"],
  ["il y a 5 minutes", "2026-03-04 09:55"],
  ["il y a deux heures", "2026-03-04 08:00"],
  ["demain à neuf heures", "2026-03-05 09:00"],
  ["demain à 9h", "2026-03-05 09:00"],
  ["vendredi à 15h30", "2026-03-06 15:30"],
  ["après-demain à 8h", "2026-03-06 08:00"],
  ["lundi prochain à 8h", "2026-03-09 08:00"],
  ["à 7h", "2026-03-05 07:00"],
  ["à midi", "2026-03-04 12:00"],
  ["demain à huit heures et quart", "2026-03-05 08:15"],
  ["demain à 8 heures et demie", "2026-03-05 08:30"],
  ["à 8h moins le quart", "2026-03-05 07:45"],
  ["demain matin à 7h", "2026-03-05 07:00"],
  ["ce soir à 20h", "2026-03-04 20:00"],
  ["le 15 mars à 10h", "2026-03-15 10:00"],
  ["demain", "2026-03-05"],
  ["avant-hier", "2026-03-02"],
  ["lundi dernier", "2026-03-02"],
];

// Each table twice: in a turn that knows its language, and in one that does not (the text's language is detected).
describe.each(["de", undefined])("German dates and times in Europe/Berlin (turn language %s)", (language) => {
  it.each(GERMAN)("%s → %s", async (text, expected) => {
    expect(await read(text, BERLIN, language)).toBe(expected);
  });
});

describe.each(["fr", undefined])("French dates and times in Europe/Paris (turn language %s)", (language) => {
  it.each(FRENCH)("%s → %s", async (text, expected) => {
    expect(await read(text, PARIS, language)).toBe(expected);
  });
});

describe("which language's reading wins", () => {
  it.each([
    // The reading of the whole text wins over one of a fragment: English's "5 minutes" (from now) loses.
    ["il y a 5 minutes", undefined, "2026-03-04 09:55"],
    ["il y a 5 minutes", "en", "2026-03-04 09:55"],
    ["vendredi à 15h30", "en", "2026-03-06 15:30"],
    ["am Freitag um 15:30", undefined, "2026-03-06 15:30"],
    // The model's English in a French or German turn is still English.
    ["in 2 hours", "fr", "2026-03-04 12:00"],
    ["next Friday 3pm", "de", "2026-03-13 15:00"],
    ["tomorrow at 9", "fr", "2026-03-05 09:00"],
    ["明天早上8点", "de", "2026-03-05 08:00"],
    ["3天后", "fr", "2026-03-07 10:00"],
    // A tie goes to the turn's language: "8h" is eight in the morning in German and French.
    ["8h", "fr", "2026-03-05 08:00"],
    ["8h", "de", "2026-03-05 08:00"],
    ["demain à 9h", undefined, "2026-03-05 09:00"],
    // A day read by one parser and a time of day by another make one time.
    ["明天 3pm", "en", "2026-03-05 15:00"],
    ["下周五 9am", undefined, "2026-03-13 09:00"],
  ])("%s (turn %s) → %s", async (text, language, expected) => {
    expect(await read(text, PARIS, language)).toBe(expected);
  });

  it("says what it understands when it cannot read a phrase, in every pack's language", async () => {
    await expect(read("quand les poules auront des dents", PARIS, "fr")).rejects.toThrow(
      /Could not understand the date\/time .*"next Friday 3pm".*"明天早上8点".*"morgen um 9".*"demain à 9h"/,
    );
  });
});
