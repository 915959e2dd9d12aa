import type { IntentWords } from "../intent-words.js";

/*
 * Sources: HA's intents (OHF-Voice/intents 3e74ab7): sentences/fr/_common.yaml skip_words ("s'il te plaît",
 * "stp", "merci", "est-ce que", "tu peux", "peux-tu"), the verbs and question forms of sentences/fr/HassTurnOn…
 * HassGetState and tests/fr; and the corpus in test/agent/corpus/*.fr.txt.
 */

// Every form of a change verb ("allume", "allumer", "éteins"): a question ("la lumière est-elle allumée ?")
// is told by its form, read first.
const STEMS =
  "allum|étei|etei|éteign|eteign|ouvr|ferm|verrouill|déverrouill|deverrouill|règl|regl|mets|mett|baiss|" +
  "augment|diminu|lanc|démarr|demarr|arrêt|arret|activ|désactiv|desactiv|tamis|descend|remont|reprend|" +
  "relanc|rallum|mont(?=e|er|ez)|pass(?=e|er|ez)|coup(?=e|er|ez)|jou(?=e|er|ez)";
// A participle names a state: "allumée", "fermés", "éteinte".
const NOT_A_PARTICIPLE = "(?<!é|ée|és|ées|eint|einte|eints|eintes|ert|erte|erts|ertes)";
const IMPERATIVES =
  "allume[zs]?|éteins|eteins|éteignez|eteignez|ouvre[zs]?|ferme[zs]?|verrouille[zs]?|déverrouille[zs]?|" +
  "deverrouille[zs]?|règle[zs]?|regle[zs]?|réglez|mets|mettez|baisse[zs]?|monte[zs]?|augmente[zs]?|" +
  "diminue[zs]?|lance[zs]?|démarre[zs]?|demarre[zs]?|arrête[zs]?|arrete[zs]?|active[zs]?|désactive[zs]?|" +
  "desactive[zs]?|tamise[zs]?|coupe[zs]?|descends|descendez|remonte[zs]?|passe[zs]?|joue[zs]?|reprends|reprenez|" +
  "rallume[zs]?|relance[zs]?";

export const intent: IntentWords = {
  changeVerb: new RegExp(`(?<![\\p{L}])(?:${STEMS})\\p{L}*(?![\\p{L}])${NOT_A_PARTICIPLE}`, "iu"),
  imperativeStart: new RegExp(
    `^[^\\p{L}]*(?:(?:s'il te plaît|s'il vous plaît|stp|svp|merci de)\\s*,?\\s+)?(?:${IMPERATIVES})(?![\\p{L}])`,
    "iu",
  ),
  // "Tu peux me dire si…" only asks.
  request: new RegExp(
    "(?<![\\p{L}])(?:s'il te pla[iî]t|s'il vous pla[iî]t|stp|svp|merci de|veuillez|" +
      "(?:tu peux|peux[- ]tu|tu pourrais|pourrais[- ]tu|vous pouvez|pouvez[- ]vous|vous pourriez|pourriez[- ]vous|" +
      "est-ce que (?:tu peux|tu pourrais|vous pouvez|vous pourriez)|peut[- ]on|on peut)" +
      "(?!\\s+(?:me|nous)\\s+(?:dire|indiquer|confirmer))|" +
      "(?:est-il|est-ce|serait-il|ce serait|ça serait) possible|" +
      "je (?:voudrais|veux|souhaite|souhaiterais)|j'aimerais|j'ai besoin que tu|nous voudrions|on voudrait)(?![\\p{L}])",
    "iu",
  ),
  questionStart: new RegExp(
    "^[^\\p{L}]*(?:est-ce|est ce|qu'est-ce|quel(?:le)?s?|combien|comment|où|ou est|quand|pourquoi|qui|" +
      "y a-t-il|y a t il|il y a|sais-tu|dis-moi si|dis moi si)(?![\\p{L}])",
    "iu",
  ),
  // Inversion ("la porte est-elle fermée", "reste-t-il"), "état de…", "température du salon", "il fait combien",
  // "donne-moi la météo".
  questionForm: new RegExp(
    "-(?:t-)?(?:il|elle|ils|elles|on)(?![\\p{L}])|(?<![\\p{L}])(?:état|statut|combien)(?![\\p{L}])|" +
      "^[^\\p{L}]*(?:donne|donnez|dis|dites)[- ]moi(?![\\p{L}])|^[^\\p{L}]*à quel|" +
      "^[^\\p{L}]*(?:la\\s+)?(?:température|humidité|météo)(?![\\p{L}])",
    "iu",
  ),
  assent: new RegExp(
    "^[^\\p{L}]*(?:(?:oui+|ouais|ouai|d'accord|d'acc|dac|ok(?:ay)?|bien sûr|bien sur|volontiers|vas-y|vas y|" +
      "allez-y|allez y|exactement|c'est ça|c'est bon|ça marche|ca marche|parfait|absolument|carrément|évidemment|" +
      "bien|très bien|super|génial|merci|pourquoi pas|oui merci|avec plaisir|tout à fait|entendu|alors|maintenant)" +
      "(?![\\p{L}])[\\s,.!?;:-]*)+",
    "iu",
  ),
  clauseBreak: /(?<![\p{L}])(?:et|puis|ensuite|sinon|si non|si ce n'est pas le cas)(?![\p{L}])/iu,
};
