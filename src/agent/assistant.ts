import { randomUUID } from "node:crypto";
import type { ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import type { ConversationStore } from "../store/conversations.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent } from "./events.js";
import type { Synthesizer } from "./synthesizer.js";
import { fitHistory } from "./history-window.js";
import { systemPrompt } from "./system-prompt.js";

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
}

/**
 * One turn of a conversation: load its history, add background results that arrived since, run the
 * tool loop, and store every finished round as it comes. Turns of one conversation run one at a time.
 */
export class Assistant {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly conversations: ConversationStore,
    private readonly jobs: BackgroundJobs,
    private readonly synthesizer: Synthesizer,
    private readonly logger: Logger,
    private readonly options: AssistantOptions,
  ) {}

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
      const usage = { promptTokens: 0, completionTokens: 0 };
      const error = "The request was cancelled.";
      return { type: "final", text: error, error, rounds: 0, usage, conversationId, turnId };
    }
    const started = performance.now();
    const log = this.logger.child({ conversationId, turnId });
    emit({ type: "turn_started", conversationId, turnId });

    const incoming: ChatMessage[] = [...(input.priorMessages ?? [])];
    const background = this.jobs.takeFinished(conversationId);
    if (background) {
      incoming.push(background.message);
      for (const job of background.jobs) {
        emit({ type: "background_result", jobId: job.id, name: job.toolName, result: job.result! });
      }
    }
    incoming.push({ role: "user", content: input.message });
    const turnNumber = this.conversations.startTurn(conversationId, turnId, incoming);

    const history = fitHistory(
      this.conversations.history(conversationId),
      this.options.historyMaxChars ?? 120_000,
    );
    const prompt = systemPrompt({
      now: new Date(),
      timeZone: this.options.timeZone(),
      custom: this.options.customPrompt,
    });
    let toolCalls = 0;
    const final = await this.synthesizer.run({
      messages: [{ role: "system", content: prompt }, ...history],
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
    });
    log.info(
      {
        durationMs: Math.round(performance.now() - started),
        rounds: final.rounds,
        toolCalls,
        error: final.error,
      },
      "turn finished",
    );
    return { ...final, conversationId, turnId };
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
