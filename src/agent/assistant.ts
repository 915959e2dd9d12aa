import { randomUUID } from "node:crypto";
import type { ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import type { SamplingParams } from "../llm/client.js";
import { emptyUsage, type ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import { UNNAMED, type Requester } from "../store/conversation-access.js";
import type { ConversationStore } from "../store/conversations.js";
import { seenHashes } from "../store/transcript.js";
import type { TurnStore } from "../store/turns.js";
import type { ToolDefinition } from "../tools/contract.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent } from "./events.js";
import { fitHistory, messageChars } from "./history-window.js";
import type { ToolLoopInput, ToolLoop } from "./tool-loop.js";
import { systemPrompt } from "./system-prompt.js";
import { KeyedQueue } from "./keyed-queue.js";
import { ensureStructured, type OutputFormat } from "./structured-output.js";
import type { NoteSource } from "../turn/note-source.js";
import { TurnNotes } from "./turn-note.js";
import { repairHistory } from "./history-repair.js";
import { answersFor, PausedTurns, type ToolResultInput } from "./paused-turns.js";
import { TurnLog } from "./turn-log.js";

/** What every entry point may ask of a turn besides the message itself. */
export interface TurnOptions {
  policy: ToolPolicy;
  signal?: AbortSignal;
  /** Tools of the client's own (OpenAI clients): a call to one pauses the turn until `resume`. */
  clientTools?: ToolDefinition[];
  toolChoice?: ChatCompletionToolChoiceOption;
  params?: SamplingParams;
  /** Who is talking, as the entry point knows them (HA's user behind ingress). */
  person?: { id: string; name: string };
  /**
   * Whose conversations this turn may open, continue or resume, and whose a new one is (see
   * store/conversation-access.ts). Default: nobody named.
   */
  requester?: Requester;
  /** The final answer must be JSON of this form; it is checked, and the LLM gets one more try. */
  output?: OutputFormat;
  /**
   * For clients that resend their history without an id: record what the client has been shown once
   * this turn answers — `before` (default: what is recorded already), then its message and the answer.
   */
  transcript?: { before?: string[]; shown?: (answer: string) => string };
  /** The reply will be spoken (Home Assistant Assist): the LLM is asked for a short spoken answer. */
  voice?: boolean;
  /** This turn's deadline, when it must be shorter than the configured one (a voice user waits). */
  deadlineMs?: number;
}

export interface TurnInput extends TurnOptions {
  message: string;
  /** Continue this conversation; a new one is created when absent. */
  conversationId?: string;
  /** Messages that come before `message` in a new conversation (OpenAI-style clients send the history). */
  priorMessages?: ChatMessage[];
  /** Who started the turn, stored with a new conversation: "api", "openai", "cli", "thinker", … */
  source: string;
  /** The entry point's own id for a new conversation (HA's conversation id over Wyoming). */
  externalId?: string;
  /** The client app's own instructions (its system message), passed on in this turn's note. */
  instructions?: string;
  /**
   * Tool results sent with this message, for the calls of a turn paused in this conversation (by call
   * id, or in the calls' order when the client keeps no ids); calls left unanswered say so.
   */
  toolResults?: ToolResultInput[];
}

export type { ToolResultInput };

export interface ResumeInput extends TurnOptions {
  /**
   * The client's results for the tool calls a paused turn handed it, by call id; clients that keep no
   * ids (HA's Ollama integration) give them in the order of the calls, with `conversationId`.
   */
  toolResults: ToolResultInput[];
  conversationId?: string;
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
  /** Further volatile facts for a turn's note: the Thinker's notes, the remembered facts. */
  noteSources?: NoteSource[];
}

/** Room kept in the window for a turn's own note (the app's instructions are cut at 4,000 characters). */
const NOTE_ALLOWANCE = 8_000;

/**
 * One turn of a conversation: load its history, add a note with the clock and the background results
 * that arrived since, run the tool loop, and store every finished round as it comes. Turns of one
 * conversation run one at a time.
 */
export class Assistant {
  private readonly queue = new KeyedQueue();
  private readonly prompt: ChatMessage;
  private readonly startListeners = new Set<(source: string) => void>();
  private readonly notes: TurnNotes;
  private readonly paused: PausedTurns;

  constructor(
    private readonly conversations: ConversationStore,
    private readonly turns: TurnStore,
    private readonly jobs: BackgroundJobs,
    private readonly toolLoop: ToolLoop,
    private readonly logger: Logger,
    private readonly options: AssistantOptions,
  ) {
    this.prompt = { role: "system", content: systemPrompt(options.customPrompt) };
    this.notes = new TurnNotes(jobs, options);
    this.paused = new PausedTurns(conversations, turns, logger);
  }

  async turn(input: TurnInput, emit: EventSink): Promise<TurnOutcome> {
    const requester = input.requester ?? UNNAMED;
    // Someone else's conversation is answered exactly as one that does not exist.
    if (input.conversationId && !this.conversations.open(input.conversationId, requester)) {
      throw new UnknownConversationError(`No conversation with id ${input.conversationId}`);
    }
    const conversationId = input.conversationId ?? randomUUID();
    const create = input.conversationId
      ? undefined
      : { source: input.source, owner: requester.owner, externalId: input.externalId };
    return this.queue.run(conversationId, async () => {
      const turnId = randomUUID();
      // The caller left while this turn waited behind another one: store nothing, ask nothing.
      if (input.signal?.aborted) return cancelledOutcome(conversationId, turnId);
      emit({ type: "turn_started", conversationId, turnId });
      for (const listener of this.startListeners) listener(input.source);
      // The part of the history that will still be sent with this turn's message: the note repeats what
      // has fallen out of it (the app's instructions, the remembered facts).
      const reserve = messageChars({ role: "user", content: input.message }) + NOTE_ALLOWANCE;
      if (!create) this.paused.close(conversationId, input.toolResults ?? []);
      const window = create ? [] : this.window(this.conversations.history(conversationId), reserve);
      const messages: ChatMessage[] = [
        ...(input.priorMessages ?? []),
        this.notes.build(conversationId, input, emit, window),
        { role: "user", content: input.message },
      ];
      const turnNumber = this.conversations.startTurn(conversationId, turnId, messages, create);
      const state = {
        conversationId,
        turnId,
        turnNumber,
        roundsUsed: 0,
        toolCalls: 0,
        userMessage: input.message,
        source: input.source,
      };
      return this.runAndStore(state, input, emit, this.window([...window, ...messages]));
    });
  }

  /** What the conversation's paused turn waits for (see PausedTurns.waitingCalls). */
  waitingCalls(conversationId: string): ReturnType<PausedTurns["waitingCalls"]> {
    return this.paused.waitingCalls(conversationId);
  }

  /** Told of every turn as it starts, with its source: background work gives way to a person. */
  onTurnStart(listener: (source: string) => void): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  /** Continues a turn that paused for the client's tools, with their results. */
  async resume(input: ResumeInput, emit: EventSink): Promise<TurnOutcome> {
    const paused = this.paused.waitingFor(input);
    if (!paused) {
      throw new UnknownToolCallError(
        `No turn is waiting for the result of tool call ${input.toolResults[0]?.toolCallId ?? "(none given)"}.`,
      );
    }
    const { conversationId } = paused;
    return this.queue.run(conversationId, async () => {
      const asked = this.turns.resume(paused.id);
      if (!asked)
        throw new UnknownToolCallError(`The tool calls of turn ${paused.id} were answered already.`);
      emit({ type: "turn_started", conversationId, turnId: paused.id });
      this.conversations.append(conversationId, paused.id, answersFor(asked, input.toolResults));
      const state = {
        conversationId,
        turnId: paused.id,
        turnNumber: paused.number,
        roundsUsed: paused.rounds ?? 0,
        toolCalls: paused.toolCalls ?? 0,
        source: this.conversations.get(conversationId)?.source ?? "openai",
      };
      return this.runAndStore(state, input, emit);
    });
  }

  /** The part of a history the LLM is sent: the newest turns within the character budget. */
  private window(history: ChatMessage[], reserve = 0): ChatMessage[] {
    return fitHistory(history, (this.options.historyMaxChars ?? 120_000) - reserve);
  }

  private async runAndStore(
    state: LoopState,
    options: TurnOptions,
    emit: EventSink,
    loaded?: ChatMessage[],
  ): Promise<TurnOutcome> {
    const { conversationId, turnId } = state;
    const started = performance.now();
    const history = loaded ?? this.window(this.conversations.history(conversationId));
    let toolCalls = state.toolCalls;
    const log = new TurnLog(state.source, options.person?.name);
    // The answer round is stored with the turn's end, in one transaction; tool rounds as they finish.
    const held: ChatMessage[] = [];
    const run = (messages: ChatMessage[], overrides: Partial<ToolLoopInput> = {}) =>
      this.toolLoop.run({
        messages,
        policy: options.policy,
        conversationId,
        turnId,
        turnNumber: state.turnNumber,
        person: options.person?.name,
        signal: options.signal,
        clientTools: options.clientTools,
        toolChoice: options.toolChoice,
        params: options.params,
        deadlineMs: Math.min(options.deadlineMs ?? Infinity, this.options.turnDeadlineMs ?? Infinity),
        roundsUsed: state.roundsUsed,
        ...overrides,
        emit: (event) => {
          if (event.type === "round_finished") {
            if (event.messages.length === 1 && !hasToolCalls(event.messages[0]!))
              held.push(...event.messages);
            else this.conversations.append(conversationId, turnId, [...held.splice(0), ...event.messages]);
          }
          if (event.type === "tool_started") toolCalls++;
          log.see(event);
          // A structured answer reaches the caller only once it is checked.
          if (options.output && (event.type === "text" || event.type === "final")) return;
          emit(event);
        },
      });
    const messages = repairHistory([this.prompt, ...history]);
    let final = await run(messages).catch((error: unknown) => {
      const end = {
        status: "failed" as const,
        error: String(error),
        rounds: 0,
        toolCalls,
        usage: emptyUsage(),
      };
      this.conversations.finishTurn(conversationId, turnId, held, end);
      throw error;
    });
    if (options.output && !final.error && !final.clientCalls) {
      const retry = (correction: ChatMessage) => {
        this.conversations.append(conversationId, turnId, [...held.splice(0), correction]);
        const history = this.conversations.history(conversationId);
        return run(repairHistory([this.prompt, ...history]), {
          toolChoice: "none",
          roundsUsed: final.rounds,
        });
      };
      final = await ensureStructured(final, options.output, retry, options.signal);
      if (final.text) emit({ type: "text", text: final.text });
      emit(final);
    }
    const seen =
      options.transcript && !final.error ? this.shown(state, options.transcript, final) : undefined;
    if (final.clientCalls) {
      this.turns.awaitClient(turnId, final.rounds, toolCalls, final.clientCalls);
      if (seen) this.conversations.setSeen(conversationId, seen);
    } else {
      const status = !final.error ? "completed" : final.error.kind === "aborted" ? "cancelled" : "failed";
      const end = {
        status,
        error: final.error?.message,
        rounds: final.rounds,
        toolCalls,
        usage: final.usage,
      } as const;
      this.conversations.finishTurn(conversationId, turnId, held, end, seen);
    }
    log.write(this.logger, {
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

  /** What the client has been shown once it receives this answer (see TurnOptions.transcript). */
  private shown(
    state: LoopState,
    transcript: NonNullable<TurnOptions["transcript"]>,
    final: FinalEvent,
  ): string[] {
    const before = transcript.before ?? this.conversations.seen(state.conversationId);
    const user = state.userMessage === undefined ? [] : [{ role: "user", content: state.userMessage }];
    const answer = transcript.shown ? transcript.shown(final.text) : final.text;
    return [...before, ...seenHashes([...user, { role: "assistant", content: answer }])];
  }
}

interface LoopState {
  conversationId: string;
  turnId: string;
  turnNumber: number;
  roundsUsed: number;
  toolCalls: number;
  /** The user's message that started the turn (absent when a paused turn resumes). */
  userMessage?: string;
  /** The conversation's entry point ("api", "openai", "thinker", …), for the turn's log line. */
  source: string;
}

function hasToolCalls(message: ChatMessage): boolean {
  return "tool_calls" in message && Boolean(message.tool_calls?.length);
}

function cancelledOutcome(conversationId: string, turnId: string): TurnOutcome {
  const error = { kind: "aborted" as const, message: "The request was cancelled." };
  return { type: "final", text: "", error, rounds: 0, usage: emptyUsage(), conversationId, turnId };
}
