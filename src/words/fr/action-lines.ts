import type { ActionLines } from "../action-lines.js";

// HA's service names (homeassistant/components/*/services.yaml), said as a person would; the verbs as in
// HA's French responses (OHF-Voice/intents responses/fr: "Allumé", "Éteint", "Verrouillé").
const VERBS: Record<string, (targets: string) => string> = {
  turn_on: (t) => `allumer ${t}`,
  turn_off: (t) => `éteindre ${t}`,
  toggle: (t) => `basculer ${t}`,
  open_cover: (t) => `ouvrir ${t}`,
  close_cover: (t) => `fermer ${t}`,
  stop_cover: (t) => `arrêter ${t}`,
  set_cover_position: (t) => `régler la position de ${t}`,
  open: (t) => `ouvrir ${t}`,
  lock: (t) => `verrouiller ${t}`,
  unlock: (t) => `déverrouiller ${t}`,
  set_temperature: (t) => `régler la température de ${t}`,
  set_hvac_mode: (t) => `régler le mode de ${t}`,
  start: (t) => `démarrer ${t}`,
  pause: (t) => `mettre ${t} en pause`,
  return_to_base: (t) => `renvoyer ${t} à sa base`,
  media_play: (t) => `lancer la lecture sur ${t}`,
  media_pause: (t) => `mettre ${t} en pause`,
  press: (t) => `appuyer sur ${t}`,
  alarm_disarm: (t) => `désarmer ${t}`,
};

const list = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} et ${names.at(-1)}` : (names[0] ?? "cela");

export const actionLines: ActionLines = {
  honestNotDone:
    "Désolé, je ne l'ai pas vraiment fait : aucun appareil n'a été commandé. Redemande-le-moi et je réessaierai.",
  askBeforeActing: (service, targets) => {
    const say = VERBS[service] ?? ((t: string) => `exécuter ${service} sur ${t}`);
    return `Dois-je ${say(list(targets))} ?`;
  },
};
