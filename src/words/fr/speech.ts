import type { SpeechWords } from "../speech.js";

// Vous, as Home Assistant's French texts address the user.
const about = (with_: (object: string) => string, alone: string) => (object: string | undefined) =>
  object ? `${with_(object)}…` : `${alone}…`;

/** "de" before a name, elided before a vowel or a mute h: "d'Alice", "de la lampe". */
const de = (name: string) => (/^[aeiouyhàâäéèêëîïôöûüù]/i.test(name) ? `d'${name}` : `de ${name}`);

export const speech: SpeechWords = {
  noAnswer: "(pas de réponse)",
  progress: {
    calls: {
      web_search: about((q) => `Je cherche sur le web : ${q}`, "Je cherche sur le web"),
      web_fetch: about((host) => `Je lis ${host}`, "Je lis une page web"),
      http: about((host) => `Je contacte ${host}`, "J'envoie une requête"),
      knowledge_search: about(
        (q) => `Je cherche dans la base de connaissances : ${q}`,
        "Je consulte la base de connaissances",
      ),
      knowledge_ingest: about(
        (title) => `J'enregistre ${title}`,
        "J'enregistre dans la base de connaissances",
      ),
      memory_search: about((q) => `Je cherche dans nos conversations : ${q}`, "Je relis nos conversations"),
      iot_query: about((q) => `Je vérifie ${q}`, "Je regarde l'état de la maison"),
      iot_control: about((target) => `Je m'occupe ${de(target)}`, "Je m'en occupe"),
      reminder_create: about((text) => `Je crée un rappel : ${text}`, "Je crée un rappel"),
      reminder_list: () => "Je regarde vos rappels…",
      reminder_delete: () => "J'annule le rappel…",
      datetime: () => "Je regarde la date et l'heure…",
      calculator: () => "Je calcule…",
      file: about((path) => `Je travaille sur le fichier ${path}`, "Je travaille sur les fichiers"),
    },
    working: "Je m'en occupe…",
    still: "Encore un instant…",
    handedOff: "Ça va prendre un moment ; je vous préviens quand c'est prêt.",
    thinking: "Je réfléchis…",
    answering: "Je prépare la réponse…",
  },
  voice: {
    done: "D'accord.",
    stillWorking: "Je m'en occupe encore ; redemandez-moi le résultat dans un instant.",
    tooSlow: "Désolé, ça a pris trop de temps. Veuillez réessayer.",
    failed: "Désolé, je ne peux pas répondre pour le moment. Réessayez plus tard.",
    unheard: "Désolé, je n'ai pas compris.",
    tooLong: (length, max) =>
      `C'était trop long (${length} caractères, ${max} au maximum), je n'ai donc rien fait. Dites-le plus brièvement.`,
  },
  reminders: {
    title: "Rappel de Cyrene",
    done: "Fait",
    snooze: (amount, unit) => `Rappeler dans ${amount} ${unit}`,
    late: (due, skipped) => ` (prévu à ${due}${more(skipped)})`,
    missed: (due, skipped) => ` (manqué : prévu à ${due}${more(skipped)})`,
    failedTitle: "Cyrene n'a pas pu transmettre un rappel",
    failed: (message, target, error) => `Le rappel « ${message} » n'a pas pu atteindre ${target} : ${error}`,
  },
};

function more(skipped: number): string {
  if (skipped <= 0) return "";
  return skipped === 1 ? " ; 1 autre manqué" : ` ; ${skipped} autres manqués`;
}
