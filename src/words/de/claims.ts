import type { ClaimWords } from "../claim-words.js";

/*
 * Sources: HA's German responses (OHF-Voice/intents 3e74ab7 responses/de: "Licht eingeschaltet", "geöffnet",
 * "abgeschlossen", "{{ name }} aktiviert", "{{ name }} gestartet"), and the corpus in
 * test/agent/corpus/claims.de.txt and non-claims.de.txt.
 */
const L = "\\p{L}";
// Participles of a change: "eingeschaltet", "geöffnet", "abgeschlossen", "gedimmt", "hochgefahren".
const DONE_FORM =
  "(?:ein|aus|an|ab|auf|zu|hoch|runter|herunter|hinauf|los)?ge(?:schaltet|macht|öffnet|schlossen|sperrt|" +
  "dimmt|stellt|setzt|startet|stoppt|fahren|dreht|zogen|spielt|regelt|ändert|halten|lassen)|" +
  "(?:ent|ver)(?:riegelt|sperrt)|aktiviert|deaktiviert|pausiert|eingestellt|verändert|erhöht|verringert|gesenkt|" +
  "stumm geschaltet|scharf geschaltet|unscharf geschaltet";
// What the assistant says it did that changes nothing in the home ("ich habe nachgesehen").
const NOT_A_CHANGE =
  "nachgesehen|nachgeschaut|geprüft|überprüft|gesucht|gefunden|versucht|gefragt|notiert|gemerkt|erstellt|" +
  "eingerichtet|gespeichert|gelesen|abgefragt";

export const claims: ClaimWords = {
  change: [
    // "Ich habe das Licht eingeschaltet", "wir haben die Rollläden geschlossen"
    new RegExp(
      `(?<!${L})(?:ich|wir)\\s+(?:habe|hab|haben)(?!${L}).*?(?<!${L})(?!(?:${NOT_A_CHANGE})(?!${L}))(?:${DONE_FORM})(?!${L})`,
      "iu",
    ),
    // "Das Licht wurde eingeschaltet", "Die Rollläden werden geschlossen"
    new RegExp(`(?<!${L})(?:wurde|wurden|werden gerade|wird gerade)(?!${L}).*(?:${DONE_FORM})(?!${L})`, "iu"),
    // "Das Licht ist jetzt an", "Die Tür ist nun abgeschlossen"
    new RegExp(
      `(?<!${L})(?:ist|sind|läuft|laufen)\\s+(?:${L}+\\s+){0,2}?(?:jetzt|nun)(?!${L})|(?:jetzt|nun)\\s+(?:läuft|laufen)`,
      "iu",
    ),
    // "Ich schalte das Licht ein": under way now
    new RegExp(
      `(?<!${L})ich\\s+(?:schalte|mache|öffne|schließe|stelle|dimme|starte|sperre|fahre|drehe|aktiviere)(?!${L})`,
      "iu",
    ),
  ],
  terse: [
    new RegExp(
      `^(?!.*(?<!${L})(?:ist|sind|war|waren|bleibt|bleiben)(?!${L}))[${L}\\d °%-]{0,30}?(?<!${L})(?:${DONE_FORM}|gestartet|gestoppt)(?!${L})(?:\\s+(?:auf|zu|für|im|in)(?!${L}).*)?$`,
      "iu",
    ),
  ],
  elsewhere: [
    new RegExp(
      `(?<!${L})(?:nicht|kein|keine|keinen|nie|niemals|leider|konnte|fehlgeschlagen|unmöglich|nichts)(?!${L})`,
      "iu",
    ),
    /[?？]$/,
    new RegExp(
      `(?<!${L})(?:soll ich|möchtest du|willst du|kann ich|könnte ich|ich kann|ich könnte|ich werde|wenn du|falls|sobald|du kannst|sag einfach)(?!${L})`,
      "iu",
    ),
    new RegExp(
      `(?<!${L})(?:seit|vor\\s+(?:\\d+|einer|einem|zwei|drei|ein paar)|automatisch|jemand|gestern|heute morgen|noch|immer noch|gerade eben von)(?!${L})|` +
        `(?<!${L})(?:ist|sind|war|waren)\\s+(?:${L}+\\s+)?(?:bereits|schon)(?!${L})|um\\s+\\d{1,2}(?::\\d\\d)?\\s*uhr`,
      "iu",
    ),
  ],
  reminder: new RegExp(`(?<!${L})(?:erinner${L}*|timer|wecker|alarm)(?!${L})`, "iu"),
  done: new RegExp(`^[^${L}]*(?:erledigt|fertig|gemacht|ist erledigt)(?!${L})`, "iu"),
  acknowledged: new RegExp(
    `^[^${L}]*(?:ok(?:ay)?|alles klar|gerne|gern|klar|verstanden|wird gemacht|kein problem|natürlich)(?!${L})[^${L}]*`,
    "iu",
  ),
  newState: new RegExp(
    `(?<!${L})(?:ist|sind)\\s+(?:jetzt\\s+|nun\\s+)?(?:an|aus|offen|zu|geschlossen|abgeschlossen|aufgeschlossen|eingeschaltet|ausgeschaltet)(?!${L})`,
    "iu",
  ),
  answersAQuestion: new RegExp(`^[^${L}]*(?:ja|nein|nö|jawohl)(?!${L})`, "iu"),
  byTheAssistant: new RegExp(`(?<!${L})(?:ich|wir)(?!${L})`, "iu"),
  clauseBreak: new RegExp(`\\s+(?=(?:aber|jedoch)(?!${L}))`, "iu"),
};
