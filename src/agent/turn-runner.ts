import { emptyUsage, type ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import type { ConversationStore } from "../store/conversations.js";
import { seenHashes } from "../store/transcript.js";
import type { TurnStore } from "../store/turns.js";
import type { TurnContext } from "../turn/context.js";
import type { EventSink, FinalEvent } from "./events.js";
import { repairHistory } from "./history-repair.js";
import { toSpeech } from "./spoken.js";
import { ensureStructured } from "./structured-output.js";
import type { ToolLoop, ToolLoopInput } from "./tool-loop.js";
import { TurnLog } from "./turn-log.js";
import type { TurnOptions, TurnOutcome } from "./turn-request.js";

export interface TurnRunnerDeps {
  conversations: ConversationStore;
  turns: TurnStore;
  toolLoop: ToolLoop;
  logger: Logger;
  /** The system prompt every run starts with. */
  prompt: ChatMessage;
  /** The part of a history the LLM is sent. */
  window: (history: ChatMessage[]) => ChatMessage[];
}

/**
 * Runs the tool loop for a turn the Assistant opened (or resumed) and stores what it says and does,
 * round by round: tool rounds as they finish, the answer with the turn's end in one transaction, a
 * structured answer once it is checked, and what a resending client has now been shown.
 */
export class TurnRunner {
  constructor(private readonly deps: TurnRunnerDeps) {}

  /**
   * Runs the tool loop for the turn and stores it; `shownBefore`: what a client that resends its history
   * had been shown before this turn (the transcript to record).
   */
  async runAndStore(
    state: LoopState,
    options: TurnOptions,
    emit: EventSink,
    shownBefore: string[] | undefined,
    loaded?: ChatMessage[],
  ): Promise<TurnOutcome> {
    const { turn } = state;
    const { conversationId, turnId } = turn;
    const started = performance.now();
    const history = loaded ?? this.deps.window(this.deps.conversations.history(conversationId));
    let toolCalls = state.toolCalls;
    const log = new TurnLog(turn.source, turn.person?.name);
    // The answer round is stored with the turn's end, in one transaction; tool rounds as they finish.
    const held: ChatMessage[] = [];
    const run = (messages: ChatMessage[], overrides: Partial<ToolLoopInput> = {}) =>
      this.deps.toolLoop.run({
        messages,
        turn,
        clientTools: options.clientTools,
        toolChoice: options.toolChoice,
        params: options.params,
        roundsUsed: state.roundsUsed,
        ...overrides,
        emit: (event) => {
          if (event.type === "round_finished") {
            if (event.messages.length === 1 && !hasToolCalls(event.messages[0]!))
              held.push(...event.messages);
            else
              this.deps.conversations.append(conversationId, turnId, [...held.splice(0), ...event.messages]);
          }
          if (event.type === "tool_started") toolCalls++;
          log.see(event);
          // A structured answer reaches the caller only once it is checked.
          if (options.output && (event.type === "text" || event.type === "final")) return;
          emit(event);
        },
      });
    const messages = repairHistory([this.deps.prompt, ...history]);
    let final = await run(messages).catch((error: unknown) => {
      const end = {
        status: "failed" as const,
        error: String(error),
        rounds: 0,
        toolCalls,
        usage: emptyUsage(),
      };
      this.deps.conversations.finishTurn(conversationId, turnId, held, end);
      throw error;
    });
    if (options.output && !final.error && !final.clientCalls) {
      const retry = (correction: ChatMessage) => {
        this.deps.conversations.append(conversationId, turnId, [...held.splice(0), correction]);
        const history = this.deps.conversations.history(conversationId);
        return run(repairHistory([this.deps.prompt, ...history]), {
          toolChoice: "none",
          roundsUsed: final.rounds,
        });
      };
      final = await ensureStructured(final, options.output, retry, turn.signal);
      if (final.text) emit({ type: "text", text: final.text });
      emit(final);
    }
    const seen = shownBefore && !final.error ? this.shown(state, shownBefore, options, final) : undefined;
    if (final.clientCalls) {
      this.deps.turns.awaitClient(turnId, final.rounds, toolCalls, final.clientCalls);
      if (seen) this.deps.conversations.seen.record(conversationId, seen);
    } else {
      const status = !final.error ? "completed" : final.error.kind === "aborted" ? "cancelled" : "failed";
      const end = {
        status,
        error: final.error?.message,
        rounds: final.rounds,
        toolCalls,
        usage: final.usage,
      } as const;
      this.deps.conversations.finishTurn(conversationId, turnId, held, end, seen);
    }
    log.write(this.deps.logger, {
      conversationId,
      turnId,
      status: final.clientCalls
        ? "awaiting_client"
        : !final.error
          ? "completed"
          : final.error.kind === "aborted"
            ? "cancelled"
            : "failed",
      rounds: final.rounds,
      usage: final.usage,
      durationMs: Math.round(performance.now() - started),
      error: final.error?.message,
    });
    return { ...final, conversationId, turnId };
  }

  /** What the client has been shown once it receives this answer (see TurnOptions.resent). */
  private shown(state: LoopState, before: string[], options: TurnOptions, final: FinalEvent): string[] {
    const user = state.userMessage === undefined ? [] : [{ role: "user", content: state.userMessage }];
    const answer = options.voice ? toSpeech(final.text) : final.text;
    return [...before, ...seenHashes([...user, { role: "assistant", content: answer }])];
  }
}

export interface LoopState {
  turn: TurnContext;
  roundsUsed: number;
  toolCalls: number;
  /** The user's message that started the turn (absent when a paused turn resumes). */
  userMessage?: string;
}

function hasToolCalls(message: ChatMessage): boolean {
  return "tool_calls" in message && Boolean(message.tool_calls?.length);
}
