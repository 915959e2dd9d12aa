import type { ConfirmationRule, ConfirmationToolRule } from "../turn/confirmation-rule.js";
import type { TurnContext } from "../turn/context.js";

/** The turn a confirmation question was asked in, and the rule its entry point set for the answer. */
export interface AskedIn {
  turnId: string;
  turnNumber: number;
  rule: ConfirmationRule;
}

/** The question, as the refusals name it. */
export interface Question {
  id: string;
  /** What would be done: "unlock Front Door (lock.front_door)". */
  would: string;
}

/** A yes taken, or why not and whether the question is dropped with it (`lapsed`). */
export type Verdict = { taken: true } | { taken: false; lapsed: boolean; why: string };

/**
 * Whether `answering` may answer a question asked under `asked.rule` (same conversation, expiry and
 * one use are the store's). A question is answered under the rule it was asked under, so a turn from
 * an entry point with another rule can't answer it.
 */
export function judgeAnswer(asked: AskedIn, answering: TurnContext, question: Question): Verdict {
  const rule = asked.rule;
  if (answering.confirmationRule.kind !== rule.kind) {
    return refused(
      `Not done: confirmation "${question.id}" was asked ${WHERE[rule.kind]} and can only be answered there.`,
    );
  }
  if (rule.kind === "next-message") return nextMessage(asked, answering, question);
  return confirmationTool(rule, asked, answering, question);
}

const WHERE: Record<ConfirmationRule["kind"], string> = {
  "next-message": "in a chat",
  "confirmation-tool": "over a connection whose confirmations go through a confirmation tool",
};

/** Chat: the person's very next message, and nothing later (a later "yes" could come from anywhere). */
function nextMessage(asked: AskedIn, answering: TurnContext, { id, would }: Question): Verdict {
  if (answering.turnId === asked.turnId) {
    return refused(
      `Not done: the user has not confirmed yet. Ask them whether to ${would}; ` +
        `only after they say yes in their next message, call iot_control with confirmation_id "${id}".`,
    );
  }
  if (answering.turnNumber !== asked.turnNumber + 1) {
    // The user's next message came and went without a yes: a later "confirmation" could come from
    // anywhere (a fetched page, a misread), so it is not taken.
    return refused(
      `Confirmation "${id}" has lapsed: it had to come in the user's very next message. ` +
        "If the user still wants this, call iot_control again without confirmation_id to ask anew.",
      true,
    );
  }
  return { taken: true };
}

/**
 * A client that calls tools on its own (MCP): only the confirmation tool's call carries a yes, and never
 * the call that asked, so a client can't confirm its own request in passing.
 */
function confirmationTool(
  rule: ConfirmationToolRule,
  asked: AskedIn,
  answering: TurnContext,
  { id, would }: Question,
): Verdict {
  const confirming =
    answering.confirmationRule.kind === "confirmation-tool" && answering.confirmationRule.confirming;
  if (!confirming || answering.turnId === asked.turnId) {
    return refused(
      `Not done: the person has not confirmed yet. Ask them whether to ${would}; only after they say yes ` +
        `in a new message, call ${rule.tool} with confirmation_id "${id}".`,
    );
  }
  return { taken: true };
}

function refused(why: string, lapsed = false): Verdict {
  return { taken: false, lapsed, why };
}
