import type { ChatMessage } from "../llm/messages.js";
import { toSpeech } from "./spoken.js";

/**
 * Whether the user's newest message (at `turnStart`) answers a question the assistant left open: a
 * confirmation iot_control is waiting for, or the previous reply ending with a question ("Which one?",
 * "要解锁入户门锁吗？"). Read from the conversation, not from the user's words: "yes, do it", "好的" and
 * "the bedroom one" are answers whatever they look like.
 */
export function answersPendingQuestion(messages: ChatMessage[], turnStart: number): boolean {
  const previousTurn = messages.slice(0, turnStart).findLastIndex((m) => m.role === "user");
  const before = messages.slice(previousTurn + 1, turnStart);
  if (before.some(asksConfirmation)) return true;
  const reply = before.findLast((m) => m.role === "assistant" && typeof m.content === "string" && m.content);
  return typeof reply?.content === "string" && endsWithQuestion(reply.content);
}

/** Text that ends as a question, once Markdown and emoji are out of it (as HA reads a spoken reply). */
export function endsWithQuestion(text: string): boolean {
  return /[?？]$/.test(toSpeech(text));
}

/** A tool result saying the action waits for the user's yes. */
function asksConfirmation(message: ChatMessage): boolean {
  if (message.role !== "tool" || typeof message.content !== "string") return false;
  try {
    const result = JSON.parse(message.content) as { data?: { status?: unknown } };
    return result.data?.status === "confirmation_required";
  } catch {
    return false;
  }
}
