import type { LlmToolCall } from "../llm/messages.js";
import type { Requester } from "../store/conversation-access.js";
import type { ConversationStore } from "../store/conversations.js";
import { seenHashes, type SeenMessage } from "../store/transcript.js";

/** A tool call as a client sends it back with its results (HA's Ollama integration echoes the calls). */
export interface EchoedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * What a client that keeps no call ids says of the results it sends: the calls of the assistant message
 * they follow, as it sent them back, and the tool each result names (Ollama's `tool_name`), if it does.
 */
export interface EchoedCalls {
  calls: EchoedCall[];
  toolNames: (string | undefined)[];
}

export interface ToolResultsRequest extends EchoedCalls {
  source: string;
  requester: Requester;
  /** The user and assistant texts before the tool results. */
  prior: SeenMessage[];
}

/** What a conversation's paused turn waits for (see PausedTurns.waitingCalls). */
type WaitingCalls = (conversationId: string) => { startedAt: number; calls: LlmToolCall[] } | undefined;

/**
 * The conversation whose paused turn these tool results answer, when they carry no call ids. The history
 * before the results finds the candidates (the requester's own, from this source), and what the client
 * sent back narrows them: the calls it answers (names and arguments) and the tool each result names. One
 * left is the one. Several left are alike in everything the client can tell apart (same history, same
 * calls): the one that paused first takes the results (the next identical request gets the next). When
 * several candidates match the history but none waits for these calls, no one's turn opens.
 */
export function conversationAwaiting(
  conversations: ConversationStore,
  waitingCalls: WaitingCalls,
  request: ToolResultsRequest,
): string | undefined {
  const candidates = conversations.seen.matches(request.source, request.requester, seenHashes(request.prior));
  const waiting = candidates.flatMap((conversationId) => {
    const paused = waitingCalls(conversationId);
    return paused ? [{ conversationId, ...paused }] : [];
  });
  if (waiting.length === 1 && candidates.length === 1) return waiting[0]!.conversationId;
  const fitting = waiting.filter(({ calls }) => answers(request, calls));
  fitting.sort((a, b) => a.startedAt - b.startedAt);
  return fitting[0]?.conversationId;
}

function answers(request: EchoedCalls, waited: { name: string; arguments: string }[]): boolean {
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

/** A tool call's arguments as an object (Ollama sends an object; the LLM and some clients a JSON string). */
export function argumentsOf(
  value: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  if (typeof value !== "string") return value ?? {};
  try {
    const parsed: unknown = JSON.parse(value || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
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
