import type { IntentWords } from "./intent-words.js";

/**
 * What the user's message asks for, read from its words in its language's pack: a change to a device
 * ("把灯打开", "can you lock the door?", "kannst du das Licht einschalten?") or only its state ("灯开着吗？",
 * "is the door locked?", "la porte est-elle verrouillée ?"). A request phrased as a question is a request;
 * an answer ("yes, do it", "好的呢", "ja, gerne") is never a question. The reading is never the last word:
 * where it finds a status question and the model changes a device anyway, the person is asked (ActionCheck).
 * Measured per language on test/agent/corpus/ (test/agent/user-intent-corpus.test.ts prints its error rates).
 */

const CLAUSE_END = /(?<=[。！？!?；;，,\n])/;

/** The clauses of a message, each with the mark that ends it. */
function clauses(text: string, words: IntentWords): string[] {
  return text
    .split(CLAUSE_END)
    .flatMap((clause) => (words.clauseBreak ? clause.split(words.clauseBreak) : [clause]))
    .map((clause) => clause?.trim() ?? "")
    .filter(Boolean);
}

/** The clause without the words that only say yes; "" when that is all it says. */
function withoutAssent(clause: string, words: IntentWords): string {
  return clause.replace(words.assent, "").trim();
}

function isQuestionClause(clause: string, words: IntentWords): boolean {
  const said = withoutAssent(clause, words);
  if (!/[\p{L}\p{N}]/u.test(said)) return false;
  if (/[?？]$/.test(said)) return true;
  const bare = said.replace(/[。！？!?；;，,\s]+$/, "");
  const suggestion = words.suggestionEnd?.test(bare) ?? false;
  return Boolean(words.questionStart?.test(said)) || (!suggestion && words.questionForm.test(bare));
}

/** The message asks for something to be changed (and not only how it is). */
export function asksForChange(text: string, words: IntentWords): boolean {
  if (words.request.test(text)) return true;
  return clauses(text, words).some(
    (clause) =>
      Boolean(words.imperativeStart?.test(withoutAssent(clause, words))) ||
      (words.changeVerb.test(clause) &&
        (Boolean(words.requestQuestion?.test(clause)) || !isQuestionClause(clause, words))),
  );
}

/** The message asks how something is, and for no change. */
export function isStatusQuestion(text: string, words: IntentWords): boolean {
  return (
    !asksForChange(text, words) && clauses(text, words).some((clause) => isQuestionClause(clause, words))
  );
}
