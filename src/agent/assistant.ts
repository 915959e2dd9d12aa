import { randomUUID } from "node:crypto";
import { emptyUsage, type ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import { UNNAMED } from "../store/conversation-access.js";
import { resolveConversation } from "../store/conversation-resolution.js";
import type { ConversationStore } from "../store/conversations.js";
import { seenHashes } from "../store/transcript.js";
import type { TurnStore } from "../store/turns.js";
import type { HomeTime } from "../time/home-time.js";
import type { TurnContext } from "../turn/context.js";
import type { NoteSource } from "../turn/note-source.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent } from "./events.js";
import { fitHistory, messageChars } from "./history-window.js";
import { repairHistory } from "./history-repair.js";
import { KeyedQueue } from "./keyed-queue.js";
import { answersFor, PausedTurns } from "./paused-turns.js";
import { toSpeech } from "./spoken.js";
import { ensureStructured } from "./structured-output.js";
import { systemPrompt } from "./system-prompt.js";
import { buildTurnContext, type TurnSettings } from "./turn-context.js";
import { TurnLog } from "./turn-log.js";
import { TurnNotes } from "./turn-note.js";
import {
  UnknownConversationError,
  UnknownToolCallError,
  type ResumeInput,
  type TurnInput,
  type TurnOptions,
  type TurnOutcome,
} from "./turn-request.js";
import type { ToolLoop, ToolLoopInput } from "./tool-loop.js";

export {
  UnknownConversationError,
  UnknownToolCallError,
  type ResumeInput,
  type ToolResultInput,
  type TurnInput,
  type TurnOptions,
  type TurnOutcome,
} from "./turn-request.js";

export interface AssistantOptions {
  /** The current instant and the home's zone, for the turn note's clock line. */
  time: Pick<HomeTime, "now" | "zone">;
  customPrompt?: string;
  /** The history sent to the LLM is cut to about this many characters, oldest turns first. */
  historyMaxChars?: number;
  /** A turn is stopped after this long and the user gets what exists. */
  turnDeadlineMs?: number;
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
  private readonly settings: TurnSettings;

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
    this.settings = {
      clock: options.time,
      turnDeadlineMs: options.turnDeadlineMs,
    };
  }

  async turn(input: TurnInput, emit: EventSink): Promise<TurnOutcome> {
    const requester = input.requester ?? UNNAMED;
    // Which conversation, decided here for every entry point under the requester's access rule;
    // someone else's conversation is answered exactly as one that does not exist.
    const found = resolveConversation(this.conversations, {
      source: input.source,
      requester,
      named: input.conversationId,
      externalId: input.externalId,
      prior: input.resent,
    });
    if (!found) {
      const id = input.conversationId ?? input.externalId ?? "";
      throw new UnknownConversationError(`No conversation with id ${id}`);
    }
    const conversationId = found.conversationId ?? randomUUID();
    const create = found.conversationId
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
      let turn: TurnContext | undefined;
      let messages: ChatMessage[] = [];
      // The turn's number comes with its start, in one transaction; its note is written from the whole context.
      this.conversations.startTurn(
        conversationId,
        turnId,
        (turnNumber) => {
          turn = buildTurnContext(
            input,
            { conversationId, turnId, turnNumber, source: input.source },
            this.settings,
          );
          messages = [
            ...(found.priorMessages ?? []),
            this.notes.build(turn, input, emit, window),
            { role: "user", content: input.message },
          ];
          return messages;
        },
        create,
      );
      const state = { turn: turn!, roundsUsed: 0, toolCalls: 0, userMessage: input.message };
      const shownBefore = input.resent ? found.seen : undefined;
      return this.runAndStore(state, input, emit, shownBefore, this.window([...window, ...messages]));
    });
  }

  /** Told of every turn as it starts, with its source: background work gives way to a person. */
  onTurnStart(listener: (source: string) => void): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  /** Continues a turn that paused for the client's tools, with their results. */
  async resume(input: ResumeInput, emit: EventSink): Promise<TurnOutcome> {
    const named = input.conversationId;
    if (named !== undefined && !this.conversations.open(named, input.requester ?? UNNAMED))
      throw new UnknownConversationError(`No conversation with id ${named}`);
    const paused = this.paused.waitingFor(input);
    if (!paused && input.echoed && named === undefined) {
      throw new UnknownToolCallError(
        "No conversation of Cyrene's waits for these tool results: the history and the calls before them match none.",
      );
    }
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
      const opened = {
        conversationId,
        turnId: paused.id,
        turnNumber: paused.number,
        source: this.conversations.get(conversationId)?.source ?? "openai",
      };
      const turn = buildTurnContext(input, opened, this.settings);
      const state = { turn, roundsUsed: paused.rounds ?? 0, toolCalls: paused.toolCalls ?? 0 };
      const shownBefore = input.resent ? this.conversations.seen.of(conversationId) : undefined;
      return this.runAndStore(state, input, emit, shownBefore);
    });
  }

  /** The part of a history the LLM is sent: the newest turns within the character budget. */
  private window(history: ChatMessage[], reserve = 0): ChatMessage[] {
    return fitHistory(history, (this.options.historyMaxChars ?? 120_000) - reserve);
  }

  /**
   * Runs the tool loop for a turn and stores what it says and does, round by round; `shownBefore`: what a
   * client that resends its history had been shown before this turn (the transcript to record).
   */
  private async runAndStore(
    state: LoopState,
    options: TurnOptions,
    emit: EventSink,
    shownBefore: string[] | undefined,
    loaded?: ChatMessage[],
  ): Promise<TurnOutcome> {
    const { turn } = state;
    const { conversationId, turnId } = turn;
    const started = performance.now();
    const history = loaded ?? this.window(this.conversations.history(conversationId));
    let toolCalls = state.toolCalls;
    const log = new TurnLog(turn.source, turn.person?.name);
    // The answer round is stored with the turn's end, in one transaction; tool rounds as they finish.
    const held: ChatMessage[] = [];
    const run = (messages: ChatMessage[], overrides: Partial<ToolLoopInput> = {}) =>
      this.toolLoop.run({
        messages,
        policy: options.policy,
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
      final = await ensureStructured(final, options.output, retry, turn.signal);
      if (final.text) emit({ type: "text", text: final.text });
      emit(final);
    }
    const seen = shownBefore && !final.error ? this.shown(state, shownBefore, options, final) : undefined;
    if (final.clientCalls) {
      this.turns.awaitClient(turnId, final.rounds, toolCalls, final.clientCalls);
      if (seen) this.conversations.seen.record(conversationId, seen);
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

  /** What the client has been shown once it receives this answer (see TurnOptions.resent). */
  private shown(state: LoopState, before: string[], options: TurnOptions, final: FinalEvent): string[] {
    const user = state.userMessage === undefined ? [] : [{ role: "user", content: state.userMessage }];
    const answer = options.voice ? toSpeech(final.text) : final.text;
    return [...before, ...seenHashes([...user, { role: "assistant", content: answer }])];
  }
}

interface LoopState {
  turn: TurnContext;
  roundsUsed: number;
  toolCalls: number;
  /** The user's message that started the turn (absent when a paused turn resumes). */
  userMessage?: string;
}

function hasToolCalls(message: ChatMessage): boolean {
  return "tool_calls" in message && Boolean(message.tool_calls?.length);
}

function cancelledOutcome(conversationId: string, turnId: string): TurnOutcome {
  const error = { kind: "aborted" as const, message: "The request was cancelled." };
  return { type: "final", text: "", error, rounds: 0, usage: emptyUsage(), conversationId, turnId };
}
