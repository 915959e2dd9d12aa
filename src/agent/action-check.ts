import type { ChatMessage, LlmToolCall } from "../llm/messages.js";
import type { ToolDefinition } from "../tools/contract.js";
import { claimsDeviceAction } from "./claims.js";
import { answersPendingQuestion } from "./pending-question.js";
import { argumentsOf } from "./tool-result-match.js";
import { asksForChange, isStatusQuestion } from "./user-intent.js";
import { detectLanguage } from "../words/detect.js";

/** The tool that changes devices; its successful calls are the only proof a device was acted on. */
export const DEVICE_CONTROL_TOOL = "iot_control";

export const NO_CALL_NUDGE =
  "Check: your answer says a device was acted on, but no iot_control call succeeded in this turn, so " +
  "nothing was done. Call iot_control now to do it, or tell the user plainly that you did not do it. " +
  "检查：你的回答说已经操作了设备，但本轮没有成功的 iot_control 调用，实际什么也没做。" +
  "现在调用 iot_control 去做，或如实告诉用户你没有做。";

const HONEST = {
  zh: "抱歉，我其实没有执行这个操作，设备没有被控制。请再说一次，我会重新尝试。",
  en: "Sorry, I did not actually do that: no device was controlled. Please ask again and I'll try once more.",
};

const STATUS_ONLY =
  "Not done: the user only asked how things are, not for a change, so iot_control is not run in this " +
  "turn. Read the state with iot_query and answer; change something only when the user asks for it. " +
  "用户只是询问状态，没有要求更改：本轮不执行 iot_control，请用 iot_query 查询后回答。";

export type AnswerVerdict =
  | { kind: "ok" }
  /** One corrective round: the false answer and the nudge go back to the model. */
  | { kind: "nudge"; messages: ChatMessage[] }
  /** The model insisted: the user gets this honest answer instead. */
  | { kind: "replace"; text: string };

/**
 * Keeps a turn honest about the home: an answer that reports a device action no successful iot_control
 * call made gets one corrective round and is then replaced by an honest one; a turn that only asks
 * about a state changes nothing. Judged from the user's words and the turn's real tool results.
 */
export class ActionCheck {
  private readonly userText: string | undefined;
  /** Where this turn's messages begin: its user message. */
  private readonly turnStart: number;
  private readonly active: boolean;
  /** The user's message answers a question the assistant left open: it is their say, whatever its words. */
  private readonly answering: boolean;
  private nudged = false;

  constructor(
    messages: ChatMessage[],
    offered: ToolDefinition[],
    private readonly clientTools: ReadonlySet<string>,
  ) {
    this.turnStart = messages.findLastIndex((m) => m.role === "user");
    const content = messages[this.turnStart]?.content;
    this.userText = typeof content === "string" ? content : undefined;
    this.active = this.userText !== undefined && offered.some((tool) => tool.name === DEVICE_CONTROL_TOOL);
    this.answering = this.active && answersPendingQuestion(messages, this.turnStart);
  }

  /**
   * The refusal for a call that would change a device in a turn that only asks about one. Never for an
   * answer to an open question ("yes, do it" to a confirmation, "the bedroom one" to "which one?"), nor
   * for a call carrying a confirmation id: whether that yes counts is the confirmation store's to judge.
   */
  refusal(call: LlmToolCall): string | undefined {
    if (!this.active || call.name !== DEVICE_CONTROL_TOOL || this.answering) return undefined;
    if (confirms(call)) return undefined;
    return isStatusQuestion(this.userText!) ? STATUS_ONLY : undefined;
  }

  /**
   * Whether this round's answer text is held until it is judged: when the user asked for a change and
   * nothing was done yet, so a false "done" is never shown. Other answers stream.
   */
  holdsAnswer(messages: ChatMessage[]): boolean {
    if (!this.active) return false;
    return this.nudged || (asksForChange(this.userText!) && !this.acted(messages));
  }

  /**
   * The verdict on a final answer; `canCall`: the next round could still call tools. Only a turn that
   * asks for a change is judged (its answer was held): elsewhere "Done!" or "已经关了" report other things.
   */
  review(messages: ChatMessage[], answer: string, canCall: boolean): AnswerVerdict {
    if (!this.active || !asksForChange(this.userText!)) return { kind: "ok" };
    if (!claimsDeviceAction(answer) || this.acted(messages)) return { kind: "ok" };
    if (this.nudged || !canCall) {
      return { kind: "replace", text: HONEST[detectLanguage(this.userText!) === "zh" ? "zh" : "en"] };
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
    const results = new Map<string, string>();
    const calls: { id: string; name: string }[] = [];
    for (const message of messages.slice(this.turnStart + 1)) {
      if (message.role === "tool" && typeof message.content === "string")
        results.set(message.tool_call_id, message.content);
      if (message.role === "assistant")
        for (const call of message.tool_calls ?? [])
          if (call.type === "function") calls.push({ id: call.id, name: call.function.name });
    }
    return calls.some(
      (call) =>
        this.clientTools.has(call.name) ||
        (call.name === DEVICE_CONTROL_TOOL && carriedOut(results.get(call.id))),
    );
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
