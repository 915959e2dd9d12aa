import { setMaxListeners } from "node:events";
import type { ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import type { LlmClient, SamplingParams } from "../llm/client.js";
import { LlmError } from "../llm/errors.js";
import {
  addUsage,
  assistantMessage,
  emptyUsage,
  type ChatMessage,
  type LlmResponse,
} from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import type { ToolDefinition } from "../tools/contract.js";
import type { ToolCall, ToolRegistry } from "../tools/registry.js";
import { ToolSelection } from "../tools/selection/tool-selection.js";
import type { TurnContext } from "../turn/context.js";
import { ActionCheck } from "./action-check.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent, TurnError } from "./events.js";
import { ToolCallRunner, type ToolCallLimits } from "./tool-calls.js";
import { speechFor } from "../words/speech-for.js";
import { startProvenance } from "./turn-provenance.js";

export interface ToolLoopOptions extends ToolCallLimits {
  maxRounds: number;
}

export interface ToolLoopInput {
  messages: ChatMessage[];
  /** The turn: its policy chooses the tools, its signal and deadline stop the run; every call gets it whole. */
  turn: TurnContext;
  emit: EventSink;
  /** Tools of the client's, offered after Cyrene's: a call to one ends the run with `clientCalls`. */
  clientTools?: ToolDefinition[];
  /** For the first request of the run; later rounds are "auto" (a forced call would loop). */
  toolChoice?: ChatCompletionToolChoiceOption;
  params?: SamplingParams;
  /** Rounds already used by this turn before a pause for client tools. */
  roundsUsed?: number;
}

const WRAP_UP =
  "You have used all tool rounds for this request. Answer the user now with what you know, " +
  "and say briefly what you could not finish.";

/**
 * The tool loop: ask the LLM with the allowed tools, run the calls it makes (in parallel), feed the
 * results back, and repeat — at most `maxRounds` times, then one last request without tools.
 */
export class ToolLoop {
  /** The one runner of tool calls (compose hands it to MCP's calls too). */
  readonly calls: ToolCallRunner;
  private readonly selection: ToolSelection;

  constructor(
    private readonly llm: LlmClient,
    private readonly registry: ToolRegistry,
    jobs: BackgroundJobs,
    private readonly logger: Logger,
    private readonly options: ToolLoopOptions,
    selection?: ToolSelection,
  ) {
    this.calls = new ToolCallRunner(registry, jobs, logger, options);
    this.selection = selection ?? new ToolSelection(registry);
  }

  async run(input: ToolLoopInput): Promise<FinalEvent> {
    const { emit } = input;
    const messages = [...input.messages];
    const clientTools = input.clientTools ?? [];
    const clientNames = new Set(clientTools.map((tool) => tool.name));
    // A long tool list is cut to what this turn needs; the model's find_tools calls add to it.
    const offer =
      input.toolChoice === "none"
        ? undefined
        : await this.selection.forTurnAsync(input.turn.policy, messages, input.turn.signal);
    let offered = offer?.definitions();
    let tools = offered ? [...offered, ...clientTools] : [];
    const usage = emptyUsage();
    const { turn } = input;
    startProvenance(turn.provenance, messages);
    // The whole run is stopped after the turn's deadline, and the user gets what exists.
    const deadline =
      turn.deadlineMs !== undefined && Number.isFinite(turn.deadlineMs) ? turn.deadlineMs : undefined;
    const stop = new RunStop(turn.signal, deadline);
    const check = new ActionCheck(messages, tools, clientNames, turn.language, turn.provenance.ownWords);
    let shown = "";
    let roundStarted = false;
    // Answer text the check must judge before the user may see it.
    let holding = false;
    let held = "";
    const show = (text: string) => {
      if (!roundStarted && shown) emitText("\n\n");
      roundStarted = true;
      emitText(text);
    };
    const onText = (text: string) => (holding ? (held += text) : show(text));
    const emitText = (text: string) => {
      shown += text;
      emit({ type: "text", text });
    };
    const final = (rounds: number, extra: Partial<FinalEvent> = {}): FinalEvent => {
      stop.dispose();
      const event: FinalEvent = { type: "final", text: shown, rounds, usage, ...extra };
      emit(event);
      return event;
    };

    try {
      for (let round = (input.roundsUsed ?? 0) + 1; ; round++) {
        if (offer && offer.definitions() !== offered) {
          offered = offer.definitions();
          tools = [...offered, ...clientTools];
        }
        const toolsAllowed = round <= this.options.maxRounds && tools.length > 0;
        if (round > this.options.maxRounds && tools.length > 0)
          messages.push({ role: "system", content: WRAP_UP });
        roundStarted = false;
        holding = check.holdsAnswer(messages);
        held = "";
        let response: LlmResponse;
        try {
          response = await this.llm.complete({
            messages,
            tools: toolsAllowed ? tools : undefined,
            toolChoice: round === (input.roundsUsed ?? 0) + 1 ? input.toolChoice : undefined,
            params: input.params,
            signal: stop.signal,
            onText,
            onStatus: (status) =>
              emit(
                status.state === "waiting"
                  ? { type: "status", state: "waiting", message: "waiting for the model" }
                  : {
                      type: "status",
                      state: "retrying",
                      message: `retrying ${status.attempt}/${status.of}: ${status.reason}`,
                      attempt: status.attempt,
                      of: status.of,
                    },
              ),
          });
        } catch (error) {
          return final(round, { error: stop.explain(error) });
        }
        addUsage(usage, response.usage);

        if (!toolsAllowed || response.toolCalls.length === 0) {
          const verdict = check.review(messages, response.content, round < this.options.maxRounds);
          if (verdict.kind === "nudge" || verdict.kind === "replace")
            this.logger.warn(
              { conversationId: turn.conversationId, verdict: verdict.kind },
              "the answer claimed a device action that no iot_control call made",
            );
          if (verdict.kind === "nudge") {
            messages.push(...verdict.messages);
            emit({ type: "round_finished", round, messages: verdict.messages });
            continue;
          }
          if (verdict.kind === "replace") held = verdict.text;
          if (held) show(held);
          if (verdict.kind === "ask") show(roundStarted ? ` ${verdict.question}` : verdict.question);
          if (!shown) emitText(speechFor(turn.language).noAnswer);
          const answer = verdict.kind === "replace" ? verdict.text : response.content || shown;
          const content =
            verdict.kind === "ask" ? [answer, verdict.question].filter(Boolean).join(" ") : answer;
          emit({ type: "round_finished", round, messages: [{ role: "assistant", content }] });
          return final(round);
        }
        if (held) show(held);

        const own = response.toolCalls.filter((call) => !clientNames.has(call.name));
        const theirs = response.toolCalls.filter((call) => clientNames.has(call.name));
        const context = {
          turn,
          emit,
          signal: stop.signal,
          confirmFirst: check.confirmFirst.bind(check),
          answer: offer && ((call: ToolCall) => offer.answer(call)),
        };
        const results = await Promise.all(own.map((call) => this.calls.run(call, context)));
        const roundMessages = [assistantMessage(response), ...results];
        messages.push(...roundMessages);
        emit({ type: "round_finished", round, messages: roundMessages });
        if (theirs.length > 0) return final(round, { clientCalls: theirs });
        if (stop.signal.aborted) return final(round, { error: stop.explain(stop.signal.reason) });
      }
    } finally {
      stop.dispose();
    }
  }
}

/** Stops a run when its caller leaves or its deadline passes, and says which. */
class RunStop {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onOuterAbort: () => void;

  constructor(
    private readonly outer: AbortSignal | undefined,
    private readonly deadlineMs: number | undefined,
  ) {
    // Each call of a round waits on this signal until it ends, so a round of more than ten parallel calls
    // has more than Node's ten listeners at once: no leak, and no warning wanted for it.
    setMaxListeners(0, this.controller.signal);
    this.onOuterAbort = () => this.controller.abort(outer?.reason ?? "cancelled");
    if (outer?.aborted) this.onOuterAbort();
    outer?.addEventListener("abort", this.onOuterAbort, { once: true });
    if (deadlineMs !== undefined) {
      this.timer = setTimeout(() => this.controller.abort(DEADLINE), deadlineMs);
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  explain(error: unknown): TurnError {
    if (this.controller.signal.reason === DEADLINE) {
      const seconds = Math.round((this.deadlineMs ?? 0) / 1000);
      return { kind: "deadline", message: `The answer took longer than ${seconds} s and was cut short.` };
    }
    if (error instanceof LlmError) return { kind: error.kind, message: error.message, status: error.status };
    return { kind: "aborted", message: "The request was cancelled." };
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener("abort", this.onOuterAbort);
  }
}

const DEADLINE = Symbol("deadline");
