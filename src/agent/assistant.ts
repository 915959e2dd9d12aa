import { randomUUID } from "node:crypto";
import type { ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import type { SamplingParams } from "../llm/client.js";
import { addUsage, emptyUsage, type ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import type { ConversationStore } from "../store/conversations.js";
import type { TurnStore } from "../store/turns.js";
import type { ToolDefinition } from "../tools/contract.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent } from "./events.js";
import { fitHistory } from "./history-window.js";
import type { SynthesisInput, Synthesizer } from "./synthesizer.js";
import { systemPrompt, turnNote } from "./system-prompt.js";
import { checkOutput, outputInstruction, type OutputFormat } from "./structured-output.js";
import { toolMessage } from "./tool-messages.js";

/** What every entry point may ask of a turn besides the message itself. */
export interface TurnOptions {
  policy: ToolPolicy;
  signal?: AbortSignal;
  /** Tools of the client's own (OpenAI clients): a call to one pauses the turn until `resume`. */
  clientTools?: ToolDefinition[];
  toolChoice?: ChatCompletionToolChoiceOption;
  params?: SamplingParams;
  /** The final answer must be JSON of this form; it is checked, and the LLM gets one more try. */
  output?: OutputFormat;
}

export interface TurnInput extends TurnOptions {
  message: string;
  /** Continue this conversation; a new one is created when absent. */
  conversationId?: string;
  /** Messages that come before `message` in a new conversation (OpenAI-style clients send the history). */
  priorMessages?: ChatMessage[];
  /** Who started the turn, stored with a new conversation: "api", "openai", "cli", "thinker", … */
  source: string;
  /** Whose conversation a new one is ("" when the entry point does not say). */
  caller?: string;
  /** The client app's own instructions (its system message), passed on in this turn's note. */
  instructions?: string;
}

export interface ResumeInput extends TurnOptions {
  /** The client's results for the tool calls a paused turn handed it. */
  toolResults: { toolCallId: string; content: string }[];
}

export interface TurnOutcome extends FinalEvent {
  conversationId: string;
  turnId: string;
}

export class UnknownConversationError extends Error {
  override name = "UnknownConversationError";
}

/** A tool result that answers no paused turn (never asked, already answered, or the turn was lost). */
export class UnknownToolCallError extends Error {
  override name = "UnknownToolCallError";
}

export interface AssistantOptions {
  timeZone: () => string;
  customPrompt?: string;
  /** The history sent to the LLM is cut to about this many characters, oldest turns first. */
  historyMaxChars?: number;
  /** A turn is stopped after this long and the user gets what exists. */
  turnDeadlineMs?: number;
  /** The current instant; tests pass a controllable one. */
  clock?: () => Date;
}

const MAX_INSTRUCTIONS = 4_000;
const NEVER = new AbortController().signal;

/**
 * One turn of a conversation: load its history, add a note with the clock and the background results
 * that arrived since, run the tool loop, and store every finished round as it comes. Turns of one
 * conversation run one at a time.
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
    if (input.conversationId && !this.conversations.get(input.conversationId)) {
      throw new UnknownConversationError(`No conversation with id ${input.conversationId}`);
    }
    const conversationId =
      input.conversationId ?? this.conversations.create(input.source, { caller: input.caller }).id;
    return this.serialize(conversationId, async () => {
      const turnId = randomUUID();
      // The caller left while this turn waited behind another one: store nothing, ask nothing.
      if (input.signal?.aborted) return cancelledOutcome(conversationId, turnId);
      emit({ type: "turn_started", conversationId, turnId });
      const turnNumber = this.conversations.startTurn(conversationId, turnId, [
        ...(input.priorMessages ?? []),
        this.note(conversationId, input, emit),
        { role: "user", content: input.message },
      ]);
      return this.loop({ conversationId, turnId, turnNumber, roundsUsed: 0, toolCalls: 0 }, input, emit);
    });
  }

  /** Continues a turn that paused for the client's tools, with their results. */
  async resume(input: ResumeInput, emit: EventSink): Promise<TurnOutcome> {
    const first = input.toolResults[0];
    const paused = first && this.turns.awaitingCall(first.toolCallId);
    if (!paused) {
      throw new UnknownToolCallError(
        `No turn is waiting for the result of tool call ${first?.toolCallId ?? "(none given)"}.`,
      );
    }
    const { conversationId } = paused;
    return this.serialize(conversationId, async () => {
      const asked = this.turns.resume(paused.id);
      if (!asked) throw new UnknownToolCallError(`Tool call ${first.toolCallId} was answered already.`);
      emit({ type: "turn_started", conversationId, turnId: paused.id });
      const results = new Map(input.toolResults.map((r) => [r.toolCallId, r.content]));
      this.conversations.append(
        conversationId,
        paused.id,
        asked.map((call) =>
          toolMessage(
            call.id,
            results.get(call.id) ?? `The client sent no result for this ${call.name} call.`,
          ),
        ),
      );
      const state = {
        conversationId,
        turnId: paused.id,
        turnNumber: paused.number,
        roundsUsed: paused.rounds ?? 0,
        toolCalls: paused.toolCalls ?? 0,
      };
      return this.loop(state, input, emit);
    });
  }

  private async loop(state: LoopState, options: TurnOptions, emit: EventSink): Promise<TurnOutcome> {
    const { conversationId, turnId } = state;
    const started = performance.now();
    const history = fitHistory(
      this.conversations.history(conversationId),
      this.options.historyMaxChars ?? 120_000,
    );
    let toolCalls = state.toolCalls;
    const run = (messages: ChatMessage[], overrides: Partial<SynthesisInput> = {}) =>
      this.synthesizer.run({
        messages,
        policy: options.policy,
        conversationId,
        turnId,
        turnNumber: state.turnNumber,
        signal: options.signal,
        clientTools: options.clientTools,
        toolChoice: options.toolChoice,
        params: options.params,
        deadlineMs: this.options.turnDeadlineMs,
        roundsUsed: state.roundsUsed,
        ...overrides,
        emit: (event) => {
          if (event.type === "round_finished")
            this.conversations.append(conversationId, turnId, event.messages);
          if (event.type === "tool_started") toolCalls++;
          // A structured answer reaches the caller only once it is checked.
          if (options.output && (event.type === "text" || event.type === "final")) return;
          emit(event);
        },
      });
    const messages = [this.prompt, ...history];
    let final = await run(messages).catch((error: unknown) => {
      const usage = emptyUsage();
      this.turns.finish(turnId, { status: "failed", error: String(error), rounds: 0, toolCalls, usage });
      throw error;
    });
    if (options.output && !final.error && !final.clientCalls) {
      final = await this.structured(final, state, options.output, run, options.signal);
      if (final.text) emit({ type: "text", text: final.text });
      emit(final);
    }
    if (final.clientCalls) {
      this.turns.awaitClient(turnId, final.rounds, toolCalls, final.clientCalls);
    } else {
      const status = !final.error ? "completed" : final.error.kind === "aborted" ? "cancelled" : "failed";
      const error = final.error?.message;
      this.turns.finish(turnId, { status, error, rounds: final.rounds, toolCalls, usage: final.usage });
    }
    this.logger.info(
      {
        conversationId,
        turnId,
        durationMs: Math.round(performance.now() - started),
        rounds: final.rounds,
        toolCalls,
        promptTokens: final.usage.promptTokens,
        cachedTokens: final.usage.cachedTokens,
        completionTokens: final.usage.completionTokens,
        ...(final.clientCalls ? { awaitingClient: final.clientCalls.map((c) => c.name) } : {}),
        ...(final.error ? { error: final.error.message } : {}),
      },
      "turn finished",
    );
    return { ...final, conversationId, turnId };
  }

  /**
   * Checks a structured answer. A wrong one is shown to the LLM with what is wrong, once, in a request
   * without tools; the correction is stored like any round, so the history says what happened.
   */
  private async structured(
    final: FinalEvent,
    state: LoopState,
    format: OutputFormat,
    run: (messages: ChatMessage[], overrides?: Partial<SynthesisInput>) => Promise<FinalEvent>,
    signal: AbortSignal | undefined,
  ): Promise<FinalEvent> {
    const first = await checkOutput(format, final.text, signal ?? NEVER);
    if (first.ok) return { ...final, text: first.json };
    const correction: ChatMessage = {
      role: "system",
      content: `Your answer cannot be used: ${first.problem}. Answer again with only the JSON asked for.`,
    };
    this.conversations.append(state.conversationId, state.turnId, [correction]);
    const history = this.conversations.history(state.conversationId);
    const retry = await run([this.prompt, ...history], { toolChoice: "none", roundsUsed: final.rounds });
    const usage = { ...final.usage };
    addUsage(usage, retry.usage);
    if (retry.error) return { ...retry, usage };
    const second = await checkOutput(format, retry.text, signal ?? NEVER);
    if (second.ok) return { ...retry, text: second.json, usage };
    const message = `The model's answer was not the JSON asked for, twice: ${second.problem}.`;
    return { ...retry, text: "", usage, error: { kind: "invalid_output", message } };
  }

  /**
   * The turn's volatile facts, stored just before the user message: the clock, the client app's
   * instructions and the results of background jobs that finished since the last turn. Stored, so
   * later turns resend it unchanged and the request prefix stays cacheable.
   */
  private note(conversationId: string, input: TurnInput, emit: EventSink): ChatMessage {
    const sections: string[] = [];
    const trimmed = input.instructions?.trim();
    if (trimmed) {
      sections.push(
        "Instructions from the app the user talks through (follow them where they do not conflict with " +
          `yours):\n${trimmed.slice(0, MAX_INSTRUCTIONS)}`,
      );
    }
    const background = this.jobs.takeFinished(conversationId);
    if (background) {
      sections.push(background.section);
      for (const job of background.jobs) {
        emit({ type: "background_result", jobId: job.id, name: job.toolName, result: job.result! });
      }
    }
    if (input.output) sections.push(outputInstruction(input.output));
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

interface LoopState {
  conversationId: string;
  turnId: string;
  turnNumber: number;
  roundsUsed: number;
  toolCalls: number;
}

function cancelledOutcome(conversationId: string, turnId: string): TurnOutcome {
  const error = { kind: "aborted" as const, message: "The request was cancelled." };
  return { type: "final", text: "", error, rounds: 0, usage: emptyUsage(), conversationId, turnId };
}
