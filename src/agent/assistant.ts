import { randomUUID } from "node:crypto";
import { emptyUsage, type ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import { UNNAMED } from "../store/conversation-access.js";
import { resolveConversation } from "../store/conversation-resolution.js";
import type { ConversationStore } from "../store/conversations.js";
import type { TurnStore } from "../store/turns.js";
import type { HomeTime } from "../time/home-time.js";
import type { TurnContext } from "../turn/context.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink } from "./events.js";
import { fitHistory, messageChars } from "./history-window.js";
import { KeyedQueue } from "./keyed-queue.js";
import { answersFor, PausedTurns } from "./paused-turns.js";
import { systemPrompt } from "./system-prompt.js";
import { buildTurnContext, type TurnSettings } from "./turn-context.js";
import { TurnNotes, type TurnNoteOptions } from "./turn-note.js";
import {
  UnknownConversationError,
  UnknownToolCallError,
  type ResumeInput,
  type TurnInput,
  type TurnOutcome,
} from "./turn-request.js";
import type { ToolLoop } from "./tool-loop.js";
import { TurnRunner } from "./turn-runner.js";

export {
  UnknownConversationError,
  UnknownToolCallError,
  type ResumeInput,
  type ToolResultInput,
  type TurnInput,
  type TurnOptions,
  type TurnOutcome,
} from "./turn-request.js";

export interface AssistantOptions extends TurnNoteOptions {
  /** The current instant and the home's zone, for the turn note's clock line. */
  time: Pick<HomeTime, "now" | "zone">;
  customPrompt?: string;
  /** The history sent to the LLM is cut to about this many characters, oldest turns first. */
  historyMaxChars?: number;
  /** A turn is stopped after this long and the user gets what exists. */
  turnDeadlineMs?: number;
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
  private readonly startListeners = new Set<(source: string) => void>();
  private readonly notes: TurnNotes;
  private readonly paused: PausedTurns;
  private readonly settings: TurnSettings;
  private readonly runner: TurnRunner;

  constructor(
    private readonly conversations: ConversationStore,
    private readonly turns: TurnStore,
    private readonly jobs: BackgroundJobs,
    toolLoop: ToolLoop,
    logger: Logger,
    private readonly options: AssistantOptions,
  ) {
    this.notes = new TurnNotes(jobs, options);
    this.paused = new PausedTurns(conversations, turns, logger);
    this.runner = new TurnRunner({
      conversations,
      turns,
      toolLoop,
      logger,
      prompt: { role: "system", content: systemPrompt(options.customPrompt) },
      window: (history) => this.window(history),
    });
    this.settings = { time: options.time, turnDeadlineMs: options.turnDeadlineMs };
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
            input.message,
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
      return this.runner.runAndStore(state, input, emit, shownBefore, this.window([...window, ...messages]));
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
      return this.runner.runAndStore(state, input, emit, shownBefore);
    });
  }

  /** The part of a history the LLM is sent: the newest turns within the character budget. */
  private window(history: ChatMessage[], reserve = 0): ChatMessage[] {
    return fitHistory(history, (this.options.historyMaxChars ?? 120_000) - reserve);
  }
}

function cancelledOutcome(conversationId: string, turnId: string): TurnOutcome {
  const error = { kind: "aborted" as const, message: "The request was cancelled." };
  return { type: "final", text: "", error, rounds: 0, usage: emptyUsage(), conversationId, turnId };
}
