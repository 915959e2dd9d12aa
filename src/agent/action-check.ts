import type { ChatMessage, LlmToolCall } from "../llm/messages.js";
import type { ConfirmFirst, ToolDefinition } from "../tools/contract.js";
import { claimsDeviceAction } from "./claims.js";
import { answersPendingQuestion, endsWithQuestion } from "./pending-question.js";
import { argumentsOf } from "./tool-result-match.js";
import { asksForChange, isStatusQuestion } from "../words/user-intent.js";
import type { LanguagePack } from "../words/pack.js";
import { turnWords } from "../words/turn-words.js";

/** The tool that changes devices; its successful calls are the only proof a device was acted on. */
export const DEVICE_CONTROL_TOOL = "iot_control";

export const NO_CALL_NUDGE =
  "Check: your answer says a device was acted on, but no iot_control call succeeded in this turn, so " +
  "nothing was done. Call iot_control now to do it, or tell the user plainly that you did not do it.";

/** For the model, when a call waits for the person's yes because of how their message reads. */
const STATUS_ONLY = "the user's message reads as a question about how things are, not a request for a change";

export type AnswerVerdict =
  | { kind: "ok" }
  /** One corrective round: the false answer and the nudge go back to the model. */
  | { kind: "nudge"; messages: ChatMessage[] }
  /** The model insisted: the user gets this honest answer instead. */
  | { kind: "replace"; text: string }
  /** A change waits for the person's yes and the answer doesn't ask: this question follows it. */
  | { kind: "ask"; question: string };

/**
 * Keeps a turn honest about the home: an answer that reports a device action no successful iot_control
 * call made gets one corrective round and is then replaced by an honest one; in a turn that reads as
 * only asking about a state, a change waits for the person's yes (it is asked, never refused: the reading
 * can be wrong). Judged from the user's words, in the turn's language pack (none: no word is judged), and
 * the turn's real tool results.
 */
export class ActionCheck {
  private readonly userText: string | undefined;
  /** Where this turn's messages begin: its user message. */
  private readonly turnStart: number;
  private readonly active: boolean;
  /** The user's message answers a question the assistant left open: it is their say, whatever its words. */
  private readonly answering: boolean;
  /** The words of the turn's language; none for a language without a pack (no word rule then). */
  private readonly words: LanguagePack | undefined;
  private nudged = false;

  constructor(
    messages: ChatMessage[],
    offered: ToolDefinition[],
    private readonly clientTools: ReadonlySet<string>,
    /** The turn's language (TurnContext.language); unset, the user's text tells it. */
    language?: string,
    /**
     * The person's own words (TurnProvenance.ownWords), judged instead of the user message when given: a
     * thought's message wraps its configured prompt in a summary of the home that changes with HA's states.
     */
    ownWords?: string,
  ) {
    this.turnStart = messages.findLastIndex((m) => m.role === "user");
    const content = messages[this.turnStart]?.content;
    this.userText = typeof content !== "string" ? undefined : ownWords?.trim() ? ownWords : content;
    this.active = this.userText !== undefined && offered.some((tool) => tool.name === DEVICE_CONTROL_TOOL);
    this.answering = this.active && answersPendingQuestion(messages, this.turnStart);
    this.words = this.userText === undefined ? undefined : turnWords(language, this.userText);
  }

  /**
   * Why a call that would change a device waits for the person's yes: the turn reads as only asking about
   * one. Never for an answer to an open question ("yes, do it" to a confirmation, "the bedroom one" to
   * "which one?"), nor for a call carrying a confirmation id: whether that yes counts is the confirmation
   * store's to judge. A wrong reading costs the person one "yes", never the action.
   */
  confirmFirst(call: LlmToolCall): ConfirmFirst | undefined {
    if (!this.active || !this.words || call.name !== DEVICE_CONTROL_TOOL || this.answering) return undefined;
    if (confirms(call)) return undefined;
    return isStatusQuestion(this.userText!, this.words.intent)
      ? { why: STATUS_ONLY, language: this.words.language }
      : undefined;
  }

  /**
   * Whether this round's answer text is held until it is judged: when the user asked for a change and
   * nothing was done yet, so a false "done" is never shown. Other answers stream.
   */
  holdsAnswer(messages: ChatMessage[]): boolean {
    if (!this.active || !this.words) return false;
    return this.nudged || (asksForChange(this.userText!, this.words.intent) && !this.acted(messages));
  }

  /**
   * The verdict on a final answer; `canCall`: the next round could still call tools. Only a turn that
   * asks for a change is judged for a false "done" (its answer was held): elsewhere "Done!" or "已经关了"
   * report other things. An answer that leaves a change waiting for the person's yes without asking gets
   * the question.
   */
  review(messages: ChatMessage[], answer: string, canCall: boolean): AnswerVerdict {
    const verdict = this.judgeClaim(messages, answer, canCall);
    if (verdict.kind !== "ok") return verdict;
    const question = this.active ? this.openQuestion(messages) : undefined;
    return question && !endsWithQuestion(answer) ? { kind: "ask", question } : verdict;
  }

  private judgeClaim(messages: ChatMessage[], answer: string, canCall: boolean): AnswerVerdict {
    const words = this.words;
    if (!this.active || !words || !asksForChange(this.userText!, words.intent)) return { kind: "ok" };
    if (!claimsDeviceAction(answer, words.claims) || this.acted(messages)) return { kind: "ok" };
    if (this.nudged || !canCall) {
      return { kind: "replace", text: words.actionLines.honestNotDone };
    }
    this.nudged = true;
    return {
      kind: "nudge",
      messages: [
        { role: "assistant", content: answer },
        { role: "system", content: NO_CALL_NUDGE },
      ],
    };
  }

  /** A device was acted on in this turn: an iot_control call succeeded, or a client's tool was called. */
  private acted(messages: ChatMessage[]): boolean {
    return this.callsOfTurn(messages).some(
      (call) =>
        this.clientTools.has(call.name) || (call.name === DEVICE_CONTROL_TOOL && carriedOut(call.result)),
    );
  }

  /** The question of this turn's last iot_control call that waits for the person's yes, if one does. */
  private openQuestion(messages: ChatMessage[]): string | undefined {
    return this.callsOfTurn(messages)
      .filter((call) => call.name === DEVICE_CONTROL_TOOL)
      .map((call) => questionOf(call.result))
      .findLast((question) => question !== undefined);
  }

  /** This turn's calls, in order, each with its result. */
  private callsOfTurn(messages: ChatMessage[]): { name: string; result: string | undefined }[] {
    const results = new Map<string, string>();
    const calls: { id: string; name: string }[] = [];
    for (const message of messages.slice(this.turnStart + 1)) {
      if (message.role === "tool" && typeof message.content === "string")
        results.set(message.tool_call_id, message.content);
      if (message.role === "assistant")
        for (const call of message.tool_calls ?? [])
          if (call.type === "function") calls.push({ id: call.id, name: call.function.name });
    }
    return calls.map((call) => ({ name: call.name, result: results.get(call.id) }));
  }
}

/** The question an iot_control result waiting for the person's yes asks them in their language. */
function questionOf(content: string | undefined): string | undefined {
  if (!content) return undefined;
  try {
    const result = JSON.parse(content) as { data?: { status?: unknown; question?: unknown } };
    const { status, question } = result.data ?? {};
    return status === "confirmation_required" && typeof question === "string" ? question : undefined;
  } catch {
    return undefined;
  }
}

/** The call carries out a confirmed action: it names the confirmation it answers. */
function confirms(call: LlmToolCall): boolean {
  const id = argumentsOf(call.arguments).confirmation_id;
  return typeof id === "string" && id.trim() !== "";
}

/** An iot_control result that did something (or is still doing it), not an error or a question back. */
function carriedOut(content: string | undefined): boolean {
  if (!content) return false;
  try {
    const result = JSON.parse(content) as { success?: boolean; data?: { status?: string } };
    return result.success === true && result.data?.status !== "confirmation_required";
  } catch {
    return false;
  }
}
