import { everyPack } from "../words/packs.js";

/**
 * Words that name a room or a place of a home on their own: every pack's room head words (src/words,
 * `roomWords`, each list citing its source). A word of these that a home does not know names a room it
 * does not have ("the bathroom fan" where the only fan is in the bedroom): see reread.ts.
 */
export const ROOM_WORDS: ReadonlySet<string> = new Set(everyPack((pack) => pack.home.roomWords));
