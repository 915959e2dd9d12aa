/**
 * How an answer in one language tells the person that the assistant acted on a device ("I've turned off
 * the lights", "已为您打开客厅灯", "Licht eingeschaltet", "J'ai allumé la lumière"), read clause by clause by
 * agent/claims.ts. The reading is the same for every language; these are its forms.
 */
export interface ClaimWords {
  /** A clause that reports a change as done (or under way) by the assistant. */
  change: RegExp[];
  /** HA's terse replies ("Turned on the light", "开始清洁", "Eingeschaltet", "Allumé"), at a line's start. */
  terse: RegExp[];
  /** Words that move a clause's change out of this turn's doing: not done, asked, offered, a lasting state. */
  elsewhere: RegExp[];
  /** A reminder or timer ("I've set a reminder to turn off the oven" reports no device). */
  reminder: RegExp;
  /** The answer says "done" ("Done!", "搞定", "Erledigt", "C'est fait"). */
  done: RegExp;
  /** How an acknowledgement begins ("Okay,", "Alles klar,"); with a new state it reports the change. */
  acknowledged?: RegExp;
  /** A new state told after an acknowledgement: "the lights are off". */
  newState?: RegExp;
  /** An answer to a yes/no question ("No, it's unlocked"): a state unless the assistant is the doer. */
  answersAQuestion: RegExp;
  /** The assistant as the doer: "I", "我", "ich", "je". */
  byTheAssistant: RegExp;
  /** A clause that goes on in the mood of the one before ("也锁上了"). */
  continues?: RegExp;
  /** Where a clause ends besides punctuation: before "but", "但", "aber", "mais". */
  clauseBreak: RegExp;
}
