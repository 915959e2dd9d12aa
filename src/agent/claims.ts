import type { ClaimWords } from "../words/claim-words.js";

/**
 * Whether an answer tells the user the assistant acted on a device ("已为您打开客厅灯", "I've turned off
 * the lights", HA's own "Turned on the light" / "客厅灯已打开", "Licht eingeschaltet", "J'ai allumé la
 * lumière"), read with the turn's language pack (ClaimWords).
 *
 * Read clause by clause: a clause claims when it reports a change as done or under way now, and nothing
 * in it moves the change elsewhere: said not done, asked, offered, a reminder, or a state that lasts or
 * dates from another time or agent ("车库门已经开了一个小时", "unlocked since 8 pm", "自动锁上了",
 * "is already on"). Words alone can't tell "门已经锁好了" as a claim from the same words as a state
 * report: the turn does (ActionCheck only judges a turn that asks for a change). Measured per language on
 * test/agent/corpus/claims.*.txt and non-claims.*.txt (test/agent/claims-corpus.test.ts).
 */

const CLAUSE_END = /\.(?!\d)|[!;,、—–\n。！；，：]|:(?!\d)|(?<=[?？])/;

function clauses(answer: string, words: ClaimWords): string[] {
  return answer
    .split(CLAUSE_END)
    .flatMap((clause) => clause.split(words.clauseBreak))
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/** The answer reports a device action as done. */
export function claimsDeviceAction(answer: string, words: ClaimWords): boolean {
  const reportsHere = (clause: string) =>
    !words.reminder.test(clause) && !words.elsewhere.some((rule) => rule.test(clause));
  const continues = (clause: string) => words.continues?.test(clause) ?? false;
  const parts = clauses(answer, words);
  const answering = words.answersAQuestion.test(answer);
  // Whether each clause reports this turn's doing, read once for every rule.
  const here: boolean[] = [];
  parts.forEach((clause, i) =>
    here.push(reportsHere(clause) && (i === 0 || !continues(clause) || here[i - 1]!)),
  );
  const says = (rule: RegExp) =>
    parts.some(
      (clause, i) => here[i] && rule.test(clause) && (!answering || words.byTheAssistant.test(clause)),
    );
  // HA's terse replies: how the answer, one of its lines or what follows a colon may begin, not any clause
  // ("No, unlocked" reports a state).
  const starts = [...answer.split("\n").slice(1), ...answer.split(/:(?!\d)|：/).slice(1)];
  const acknowledged = words.acknowledged;
  const leads = [acknowledged ? answer.replace(acknowledged, "") : answer, ...starts].map(
    (line) => clauses(line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ""), words)[0] ?? "",
  );
  const terse = leads.some((lead) => words.terse.some((rule) => rule.test(lead)) && reportsHere(lead));
  if (terse || words.change.some(says)) return true;
  const acknowledges = words.done.test(answer) || (acknowledged?.test(answer) ?? false);
  if (acknowledges && words.newState && says(words.newState)) return true;
  return !words.reminder.test(answer) && says(words.done);
}
