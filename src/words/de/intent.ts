import type { IntentWords } from "../intent-words.js";

/*
 * Sources: HA's intents (OHF-Voice/intents 3e74ab7): sentences/de/_common.yaml skip_words ("bitte", "kannst du",
 * "könntest du", "du könntest", "würdest du", "ich möchte", "ich will", "ich würde gerne", "wir möchten",
 * "du sollst"), the verbs and question forms of sentences/de/HassTurnOn…HassGetState and tests/de; and the
 * corpus in test/agent/corpus/*.de.txt.
 */

// Stems: "schalte … ein", "mach … an", "öffne", "schließ", and the infinitive of a command ("Licht einschalten").
// Participles ("eingeschaltet", "geöffnet") name a state and begin with ge-, so they never match.
const STEMS =
  "schalt|mach|öffne|oeffne|schließ|schliess|sperr|entsperr|verriegel|verriegl|entriegel|entriegl|stell|setz|" +
  "dimm|start|stopp|halt|pausier|aktivier|deaktivier|erhöh|erhoeh|verringer|senk|fahr|spiel|dreh|zieh|regel|" +
  "lass|leg|beend|änder|aender|veränder|veraender";
const PREFIXED =
  "(?:ein|aus|an|ab|auf|zu|hoch|runter|herunter|rauf|herauf|hinauf|weiter|los)" +
  "(?:schalten|machen|schließen|schliessen|sperren|fahren|drehen|stellen|ziehen|spielen|starten)";

export const intent: IntentWords = {
  changeVerb: new RegExp(`(?<![\\p{L}])(?:(?:${STEMS})\\p{L}*|${PREFIXED})`, "iu"),
  imperativeStart: new RegExp(`^[^\\p{L}]*(?:bitte\\s+)?(?:${STEMS})\\p{L}*`, "iu"),
  // "Kannst du mir sagen, ob…" only asks.
  request: new RegExp(
    "(?<![\\p{L}])(?:bitte(?!\\s*,?\\s*(?:sag|sage|verrate)\\s+mir)|gefälligst|" +
      "(?:kannst|könntest|würdest|willst|magst) du(?!\\s+(?:mir\\s+)?(?:sagen|verraten|nachsehen|nachschauen|prüfen|checken))|" +
      "du (?:könntest|sollst|kannst (?:bitte|mal))|(?:können|könnten|würden) sie(?!\\s+(?:mir\\s+)?(?:sagen|verraten))|" +
      "ich (?:möchte|will|hätte gern|würde gerne?)|wir (?:möchten|wollen|würden gerne?)|" +
      "wäre es möglich|ist es möglich|geht es,? dass|lass uns|lasst uns)(?![\\p{L}])",
    "iu",
  ),
  questionStart: new RegExp(
    "^[^\\p{L}]*(?:ist|sind|war|waren|bin|hat|haben|hast|gibt|läuft|laufen|brennt|brennen|steht|stehen|" +
      "wie|was|welche[rsmn]?|wo|wann|warum|wieso|weshalb|wer|wieviel|wie viele|weißt du|kannst du mir sagen|" +
      "hält sich|befindet sich)(?![\\p{L}])",
    "iu",
  ),
  // "Status der Haustür", "Wohnzimmer Zieltemperatur", "Restzeit vom Timer", "sag mir, ob…".
  questionForm: new RegExp(
    "(?<![\\p{L}])(?:status|zustand)(?![\\p{L}])|" +
      // a noun said alone asks for its value; with a change verb ("die Temperatur auf 25 Grad stellen") it is an order
      `^(?!.*(?<![\\p{L}])(?:${STEMS}|${PREFIXED})).*(?:temperatur|luftfeuchtigkeit|restzeit)|` +
      "(?<![\\p{L}])wetter|" +
      "^[^\\p{L}]*(?:bitte\\s+)?(?:sag|sage|verrate) mir,?\\s+(?:ob|wie|was|welche|wo)(?![\\p{L}])",
    "iu",
  ),
  assent: new RegExp(
    "^[^\\p{L}]*(?:(?:ja+|jawohl|jo|jep|japp|klar|sicher|ok(?:ay)?|genau|gerne?|natürlich|selbstverständlich|" +
      "auf jeden fall|richtig|passt(?: schon)?|gut|sehr gut|ist gut|ist ok(?:ay)?|super|perfekt|prima|einverstanden|" +
      "in ordnung|alles klar|warum nicht|wieso nicht|na klar|logo|danke|bitte|bitte schön|dann|jetzt|also)" +
      "(?![\\p{L}])[\\s,.!?;:-]*)+",
    "iu",
  ),
  clauseBreak: /(?<![\p{L}])(?:und|dann|falls nicht|wenn nicht|sonst|andernfalls)(?![\p{L}])/iu,
};
