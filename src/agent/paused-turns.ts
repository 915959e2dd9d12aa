import type { ChatMessage, LlmToolCall } from "../llm/messages.js";
import { emptyUsage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import { UNNAMED } from "../store/conversation-access.js";
import type { ConversationStore } from "../store/conversations.js";
import type { TurnStore } from "../store/turns.js";
import { NO_CLIENT_RESULT } from "./history-repair.js";
import { toolMessage } from "./tool-messages.js";
import { conversationAwaiting } from "./tool-result-match.js";
import type { ResumeInput, ToolResultInput } from "./turn-request.js";

/** What a request says of the paused turn its results answer. */
type WaitingRequest = Pick<
  ResumeInput,
  "toolResults" | "conversationId" | "requester" | "source" | "resent" | "echoed"
>;

/**
 * Turns paused on a client's own tools (`/v1` or the Ollama port): which one a request's results resume,
 * what it waits for, and how a new message closes it, every call answered (the history stays valid for
 * providers that require a tool message after each call).
 */
export class PausedTurns {
  constructor(
    private readonly conversations: ConversationStore,
    private readonly turns: TurnStore,
    private readonly logger: Logger,
  ) {}

  /**
   * The turn these results answer, if it waits and is in a conversation the requester may open: by call
   * id; else in the conversation named; else, for a client that keeps no ids, in the conversation its
   * resent history and the calls it echoes point to.
   */
  waitingFor(input: WaitingRequest) {
    const first = input.toolResults[0];
    const requester = input.requester ?? UNNAMED;
    const conversationId =
      input.conversationId ??
      (input.echoed && input.source
        ? conversationAwaiting(this.conversations, (id) => this.waitingCalls(id), {
            source: input.source,
            requester,
            prior: input.resent ?? [],
            ...input.echoed,
          })
        : undefined);
    const found = first?.toolCallId
      ? this.turns.awaitingCall(first.toolCallId)
      : conversationId && this.turns.awaitingIn(conversationId);
    // A turn paused in someone else's conversation is not waiting for this requester's results.
    return found && this.conversations.open(found.conversationId, requester) ? found : undefined;
  }

  /**
   * What the conversation's paused turn waits for: the client calls, with their arguments as the LLM
   * made them, and when the turn started (undefined when no turn waits).
   */
  waitingCalls(conversationId: string): { startedAt: number; calls: LlmToolCall[] } | undefined {
    const paused = this.turns.awaitingIn(conversationId);
    if (!paused) return undefined;
    const asked = this.turns.clientCallsOf(paused.id);
    const made = new Map<string, string>();
    for (const message of this.conversations.history(conversationId, 50)) {
      if (message.role !== "assistant") continue;
      for (const call of message.tool_calls ?? [])
        if (call.type === "function") made.set(call.id, call.function.arguments);
    }
    const calls = asked.map((call) => ({ ...call, arguments: made.get(call.id) ?? "{}" }));
    return { startedAt: paused.startedAt, calls };
  }

  /**
   * A new message in a conversation whose last turn still waits for the client's tools ends that turn:
   * the results sent with the message answer their calls, and the rest say the client did not run them.
   */
  close(conversationId: string, results: ToolResultInput[]): void {
    const paused = this.turns.awaitingIn(conversationId);
    const asked = paused && this.turns.resume(paused.id);
    if (!paused || !asked) return;
    const answers = answersFor(asked, results);
    const unanswered = answers.filter((m) => m.content === NO_CLIENT_RESULT).length;
    this.conversations.finishTurn(conversationId, paused.id, answers, {
      status: unanswered ? "cancelled" : "completed",
      error: unanswered ? `${unanswered} client tool call(s) left unanswered` : undefined,
      rounds: paused.rounds ?? 0,
      toolCalls: paused.toolCalls ?? 0,
      usage: paused.usage ?? emptyUsage(),
    });
    this.logger.info(
      { conversationId, turnId: paused.id, unanswered },
      "paused turn closed by a new message",
    );
  }
}

/** Tool messages for the calls a paused turn made: by call id, or in order when the client keeps no ids. */
export function answersFor(asked: { id: string }[], results: ToolResultInput[]): ChatMessage[] {
  const byId = new Map(results.map((r) => [r.toolCallId, r.content]));
  return asked.map((call, index) =>
    toolMessage(
      call.id,
      (results[0]?.toolCallId ? byId.get(call.id) : results[index]?.content) ?? NO_CLIENT_RESULT,
    ),
  );
}
