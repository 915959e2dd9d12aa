import type { ChatMessage } from "../llm/messages.js";
import { toolMessage } from "./tool-messages.js";

/** What the LLM reads for a client tool call that was never answered. */
export const NO_CLIENT_RESULT = "no result: the client did not run it";

/**
 * The history as providers accept it (OpenAI, DeepSeek answer 400 otherwise): every assistant
 * `tool_calls` is followed at once by one tool message per call, in the order of the calls; a call
 * without its result gets `NO_CLIENT_RESULT`, and a tool message that answers no call before it is
 * left out. Messages that already obey the rules come back unchanged (the prompt cache keeps them).
 */
export function repairHistory(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index]!;
    index++;
    if (message.role === "tool") continue; // answers no call right before it
    out.push(message);
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    if (calls.length === 0) continue;
    const results = new Map<string, ChatMessage>();
    while (index < messages.length && messages[index]!.role === "tool") {
      const result = messages[index]! as ChatMessage & { tool_call_id: string };
      if (!results.has(result.tool_call_id)) results.set(result.tool_call_id, result);
      index++;
    }
    for (const call of calls) out.push(results.get(call.id) ?? toolMessage(call.id, NO_CLIENT_RESULT));
  }
  return out;
}

/** Whether `repairHistory` would change anything (for the log). */
export function needsRepair(messages: ChatMessage[]): boolean {
  const repaired = repairHistory(messages);
  return repaired.length !== messages.length || repaired.some((m, i) => m !== messages[i]);
}
