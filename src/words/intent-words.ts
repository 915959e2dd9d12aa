/**
 * How a person's message in one language asks for a change to the home ("turn on the fan", "can you lock
 * the door?", "可以把风扇打开吗") or only how it is ("is the door locked?", "灯开着吗"), read by
 * words/user-intent.ts. Every field is a form of that language; the reading itself is the same for all.
 */
export interface IntentWords {
  /** A change's verbs in any position ("turn", "打开", "einschalten", "allume"). */
  changeVerb: RegExp;
  /** A clause that begins as an order: "turn on…", "please lock…" ("Turn on the light?" is still one). */
  imperativeStart?: RegExp;
  /**
   * Forms that ask for something anywhere in the message, a question's form or not: "please", "can you",
   * "would it be possible to", "帮我", "kannst du", "peux-tu" (but not "please tell me whether…").
   */
  request: RegExp;
  /** A question that asks for a change when it holds a change verb: "开灯好吗？", "可以把风扇打开吗". */
  requestQuestion?: RegExp;
  /** How a question begins: "is", "what", "ist", "est-ce que". */
  questionStart?: RegExp;
  /** A question (or a request for a state) told by other words than its start: "…吗", "status of…". */
  questionForm: RegExp;
  /** A clause that ends as a suggestion, not a question ("还是关了吧"). */
  suggestionEnd?: RegExp;
  /** Words that only say yes at the start of a clause ("yes", "sure thing", "好的呢", "ja, gerne", "oui"). */
  assent: RegExp;
  /** Words that join two clauses, each read on its own: "and", "then", "if not", "sonst", "sinon". */
  clauseBreak?: RegExp;
}
