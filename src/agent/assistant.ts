import { randomUUID } from "node:crypto";
import { emptyUsage, type ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import type { ConversationStore } from "../store/conversations.js";
import type { TurnStore } from "../store/turns.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent } from "./events.js";
import type { Synthesizer } from "./synthesizer.js";
import { fitHistory } from "./history-window.js";
import { systemPrompt, turnNote } from "./system-prompt.js";

export interface TurnInput {
  message: string;
  /** Continue this conversation; a new one is created when absent. */
  conversationId?: string;
  /** Messages that come before `message` in a new conversation (OpenAI-style clients send the history). */
  priorMessages?: ChatMessage[];
  /** Who started the turn, stored with a new conversation: "api", "openai", "cli", "thinker", … */
  source: string;
  policy: ToolPolicy;
  signal?: AbortSignal;
}

export interface TurnOutcome extends FinalEvent {
  conversationId: string;
  turnId: string;
}

export class UnknownConversationError extends Error {
  override name = "UnknownConversationError";
}

export interface AssistantOptions {
  timeZone: () => string;
  customPrompt?: string;
  /** The history sent to the LLM is cut to about this many characters, oldest turns first. */
  historyMaxChars?: number;
  /** The current instant; tests pass a controllable one. */
  clock?: () => Date;
}

/**
 * One turn of a conversation: load its history, add background results that arrived since, run the
 * tool loop, and store every finished round as it comes. Turns of one conversation run one at a time.
 */
export class Assistant {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly prompt: ChatMessage;

  constructor(
    private readonly conversations: ConversationStore,
    private readonly turns: TurnStore,
    private readonly jobs: BackgroundJobs,
    private readonly synthesizer: Synthesizer,
    private readonly logger: Logger,
    private readonly options: AssistantOptions,
  ) {
    this.prompt = { role: "system", content: systemPrompt(options.customPrompt) };
  }

  async turn(input: TurnInput, emit: EventSink): Promise<TurnOutcome> {
    const conversationId = input.conversationId ?? this.conversations.create(input.source).id;
    if (input.conversationId && !this.conversations.get(input.conversationId)) {
      throw new UnknownConversationError(`No conversation with id ${input.conversationId}`);
    }
    return this.serialize(conversationId, () => this.runTurn(conversationId, input, emit));
  }

  private async runTurn(conversationId: string, input: TurnInput, emit: EventSink): Promise<TurnOutcome> {
    const turnId = randomUUID();
    if (input.signal?.aborted) {
      // The caller left while this turn waited behind another one: store nothing, ask nothing.
      const error = "The request was cancelled.";
      return { type: "final", text: error, error, rounds: 0, usage: emptyUsage(), conversationId, turnId };
    }
    const started = performance.now();
    const log = this.logger.child({ conversationId, turnId });
    emit({ type: "turn_started", conversationId, turnId });

    const turnNumber = this.conversations.startTurn(conversationId, turnId, [
      ...(input.priorMessages ?? []),
      this.note(conversationId, emit),
      { role: "user", content: input.message },
    ]);
    const history = fitHistory(
      this.conversations.history(conversationId),
      this.options.historyMaxChars ?? 120_000,
    );
    let toolCalls = 0;
    const final = await this.synthesizer
      .run({
        messages: [this.prompt, ...history],
        policy: input.policy,
        conversationId,
        turnId,
        turnNumber,
        signal: input.signal,
        emit: (event) => {
          if (event.type === "round_finished")
            this.conversations.append(conversationId, turnId, event.messages);
          if (event.type === "tool_started") toolCalls++;
          emit(event);
        },
      })
      .catch((error: unknown) => {
        const usage = emptyUsage();
        this.turns.finish(turnId, { status: "failed", error: String(error), rounds: 0, toolCalls, usage });
        throw error;
      });
    const status = !final.error ? "completed" : input.signal?.aborted ? "cancelled" : "failed";
    this.turns.finish(turnId, {
      status,
      error: final.error,
      rounds: final.rounds,
      toolCalls,
      usage: final.usage,
    });
    log.info(
      {
        durationMs: Math.round(performance.now() - started),
        rounds: final.rounds,
        toolCalls,
        promptTokens: final.usage.promptTokens,
        cachedTokens: final.usage.cachedTokens,
        completionTokens: final.usage.completionTokens,
        error: final.error,
      },
      "turn finished",
    );
    return { ...final, conversationId, turnId };
  }

  /**
   * The turn's volatile facts, stored just before the user message: the clock and results of background
   * jobs that finished since the last turn. Stored, so later turns resend it unchanged.
   */
  private note(conversationId: string, emit: EventSink): ChatMessage {
    const sections: string[] = [];
    const background = this.jobs.takeFinished(conversationId);
    if (background) {
      sections.push(background.section);
      for (const job of background.jobs) {
        emit({ type: "background_result", jobId: job.id, name: job.toolName, result: job.result! });
      }
    }
    const now = this.options.clock?.() ?? new Date();
    return { role: "system", content: turnNote({ now, timeZone: this.options.timeZone(), sections }) };
  }

  private serialize<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return next;
  }
}
