import type { ActionLines } from "../action-lines.js";

// HA's service names (homeassistant/components/*/services.yaml), said as a person would; the verbs as in
// HA's German responses (OHF-Voice/intents responses/de: "eingeschaltet", "geöffnet", "abgeschlossen").
const VERBS: Record<string, (targets: string) => string> = {
  turn_on: (t) => `${t} einschalten`,
  turn_off: (t) => `${t} ausschalten`,
  toggle: (t) => `${t} umschalten`,
  open_cover: (t) => `${t} öffnen`,
  close_cover: (t) => `${t} schließen`,
  stop_cover: (t) => `${t} anhalten`,
  set_cover_position: (t) => `die Position von ${t} einstellen`,
  open: (t) => `${t} öffnen`,
  lock: (t) => `${t} abschließen`,
  unlock: (t) => `${t} aufschließen`,
  set_temperature: (t) => `die Temperatur von ${t} einstellen`,
  set_hvac_mode: (t) => `den Modus von ${t} einstellen`,
  start: (t) => `${t} starten`,
  pause: (t) => `${t} pausieren`,
  return_to_base: (t) => `${t} zur Ladestation schicken`,
  media_play: (t) => `${t} abspielen`,
  media_pause: (t) => `${t} pausieren`,
  press: (t) => `${t} drücken`,
  alarm_disarm: (t) => `${t} unscharf schalten`,
};

const list = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} und ${names.at(-1)}` : (names[0] ?? "es");

export const actionLines: ActionLines = {
  honestNotDone:
    "Entschuldigung, das habe ich nicht wirklich getan: Es wurde kein Gerät gesteuert. Bitte sag es noch einmal, dann versuche ich es erneut.",
  askBeforeActing: (service, targets) => {
    const say = VERBS[service] ?? ((t: string) => `${service} für ${t} ausführen`);
    return `Soll ich ${say(list(targets))}?`;
  },
};
