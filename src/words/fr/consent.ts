import type { ConsentWords } from "../consent.js";

export const consent: ConsentWords = {
  yes: ["oui", "ok", "d'accord", "vas-y", "confirme*", "bien sûr", "exact"],
  no: ["non", "pas", "annule*", "jamais"],
};
