import type { Assistant } from "../../agent/assistant.js";
import type { Requester } from "../../store/conversation-access.js";
import type { ConversationStore } from "../../store/conversations.js";
import { seenHashes, type SeenMessage } from "../../store/transcript.js";
import { argumentsOf, type ClientCall } from "./request.js";

export interface ToolResultsRequest {
  source: string;
  requester: Requester;
  /** The user and assistant texts before the tool results. */
  prior: SeenMessage[];
  /** The calls of the assistant message the results follow, as the client sent them back. */
  calls: ClientCall[];
  /** The tool each result names (Ollama's `tool_name`), where it names one. */
  toolNames: (string | undefined)[];
}

/**
 * The conversation whose paused turn these tool results answer. Ollama's protocol has no call ids, so
 * the history before the results finds the candidates, and what the client sent back narrows them: the
 * calls it answers (names and arguments) and the tool each result names. One left is the one. Several
 * left are alike in everything the client can tell apart (same history, same calls): the one that paused
 * first takes the results (the next identical request gets the next). When several candidates match the
 * history but none waits for these calls, no one's turn opens.
 */
export function conversationAwaiting(
  conversations: ConversationStore,
  assistant: Pick<Assistant, "waitingCalls">,
  request: ToolResultsRequest,
): string | undefined {
  const candidates = conversations.historyMatches(
    request.source,
    request.requester,
    seenHashes(request.prior),
  );
  const waiting = candidates.flatMap((conversationId) => {
    const paused = assistant.waitingCalls(conversationId);
    return paused ? [{ conversationId, ...paused }] : [];
  });
  if (waiting.length === 1 && candidates.length === 1) return waiting[0]!.conversationId;
  const fitting = waiting.filter(({ calls }) => answers(request, calls));
  fitting.sort((a, b) => a.startedAt - b.startedAt);
  return fitting[0]?.conversationId;
}

function answers(request: ToolResultsRequest, waited: { name: string; arguments: string }[]): boolean {
  if (waited.length !== request.calls.length) return false;
  return waited.every((call, index) => {
    const sent = request.calls[index]!;
    const named = request.toolNames[index];
    return (
      call.name === sent.name &&
      (named === undefined || named === call.name) &&
      canonical(argumentsOf(call.arguments)) === canonical(sent.arguments)
    );
  });
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
