import type { ConsentWords } from "../consent.js";

export const consent: ConsentWords = {
  yes: ["ja", "jawohl", "okay", "ok", "klar", "gerne", "mach*", "bestätig*", "genau", "richtig"],
  no: ["nein", "nicht", "kein*", "abbrechen", "lass"],
};
