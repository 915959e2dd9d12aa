import type { ClaimWords } from "../claim-words.js";

/*
 * Sources: HA's French responses (OHF-Voice/intents 3e74ab7 responses/fr: "Allumé", "Éteint", "Ouverture en
 * cours", "Verrouillé", "Scène activée", "Script démarré"), and the corpus in test/agent/corpus/claims.fr.txt
 * and non-claims.fr.txt.
 */
const L = "\\p{L}";
// Participles of a change, in every gender and number: "allumé", "éteintes", "ouverts", "fermée".
const DONE_FORM =
  "(?:allum|ferm|verrouill|déverrouill|deverrouill|régl|regl|baiss|mont|augment|diminu|lanc|démarr|demarr|" +
  "arrêt|arret|activ|désactiv|desactiv|tamis|coup|pass|remis|rallum|relanc|chang|modifi|programm|réactiv)" +
  "(?:é|ée|és|ées)|éteinte?s?|eteinte?s?|ouverte?s?|mise?s?|remise?s?";
// What the assistant says it did that changes nothing in the home ("j'ai vérifié").
const NOT_A_CHANGE =
  "vérifié|regardé|cherché|essayé|trouvé|noté|demandé|créé|consulté|compris|reçu|enregistré";

export const claims: ClaimWords = {
  change: [
    // "J'ai allumé la lumière", "nous avons fermé les volets", "j'ai bien éteint"
    new RegExp(
      `(?<!${L})(?:j'ai|j’ai|nous avons|on a)\\s+(?:(?:bien|déjà|aussi|maintenant)\\s+)*(?!(?:${NOT_A_CHANGE})(?!${L}))(?:${DONE_FORM})(?!${L})`,
      "iu",
    ),
    // "La lumière a été allumée", "Les volets ont été fermés"
    new RegExp(`(?<!${L})(?:a|ont) été\\s+(?:${DONE_FORM})(?!${L})`, "iu"),
    // "La lumière est maintenant allumée", "est désormais fermée"
    new RegExp(`(?<!${L})(?:est|sont)\\s+(?:maintenant|désormais)(?!${L})`, "iu"),
    // "J'allume la lumière", "je ferme les volets": under way now
    new RegExp(
      `(?<!${L})(?:j'allume|j'éteins|j'ouvre|j'arrête|j'active|je (?:ferme|verrouille|déverrouille|règle|mets|baisse|monte|lance|démarre|désactive|coupe|tamise))(?!${L})`,
      "iu",
    ),
  ],
  terse: [
    new RegExp(
      `^(?!.*(?<!${L})(?:est|sont|était|étaient|reste|restent)(?!${L}))[${L}\\d °%'-]{0,30}?(?<!${L})(?:${DONE_FORM}|démarrée?s?|en cours)(?!${L})(?:\\s+(?:à|sur|dans|pour)(?!${L}).*)?$`,
      "iu",
    ),
  ],
  elsewhere: [
    new RegExp(
      `(?<!${L})(?:ne|n'|pas|jamais|impossible|échoué|aucun|aucune|rien|malheureusement)(?!${L})`,
      "iu",
    ),
    /[?？]$/,
    new RegExp(
      `(?<!${L})(?:voulez-vous|veux-tu|dois-je|souhaitez-vous|si tu|si vous|je peux|je pourrais|je vais|tu peux|vous pouvez|dis-moi|dites-moi)(?!${L})`,
      "iu",
    ),
    new RegExp(
      `(?<!${L})(?:depuis|il y a|automatiquement|quelqu'un|hier|ce matin|encore|toujours)(?!${L})|` +
        `(?<!${L})(?:est|sont|était|étaient)\\s+(?:${L}+\\s+)?déjà(?!${L})|à\\s+\\d{1,2}\\s*h`,
      "iu",
    ),
  ],
  reminder: new RegExp(`(?<!${L})(?:rappel${L}*|minuteur|minuterie|réveil)(?!${L})`, "iu"),
  done: new RegExp(`^[^${L}]*(?:c'est fait|voilà|fait|terminé|c'est bon)(?!${L})`, "iu"),
  acknowledged: new RegExp(
    `^[^${L}]*(?:d'accord|ok(?:ay)?|très bien|entendu|bien sûr|pas de problème|c'est noté)(?!${L})[^${L}]*`,
    "iu",
  ),
  newState: new RegExp(
    `(?<!${L})(?:est|sont)\\s+(?:maintenant\\s+)?(?:allumée?s?|éteinte?s?|ouverte?s?|fermée?s?|verrouillée?s?|déverrouillée?s?)(?!${L})`,
    "iu",
  ),
  answersAQuestion: new RegExp(`^[^${L}]*(?:oui|non)(?!${L})`, "iu"),
  byTheAssistant: new RegExp(`(?<!${L})(?:j'|(?:je|nous|on)(?!${L}))`, "iu"),
  clauseBreak: new RegExp(`\\s+(?=(?:mais|cependant)(?!${L}))`, "iu"),
};
