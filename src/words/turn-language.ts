import { detectLanguage } from "./detect.js";
import { UNDETERMINED, type TurnLanguage } from "./language.js";

/**
 * A turn's language, decided once by its entry point: the tag it was told (HA's `language`, the panel's
 * HA user language) as told, else what the text shows (detect.ts), else `UNDETERMINED`.
 */
export function turnLanguage(told: string | undefined, text: string | undefined): TurnLanguage {
  const tag = told?.trim();
  if (tag && /^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i.test(tag)) return tag;
  return (text && detectLanguage(text)) || UNDETERMINED;
}
