import type { LlmClient } from "../llm/client.js";
import { toLlmError } from "../llm/errors.js";
import {
  addUsage,
  assistantMessage,
  emptyUsage,
  type ChatMessage,
  type LlmToolCall,
} from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import { ok, type ToolResult } from "../tools/contract.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink, FinalEvent } from "./events.js";
import { toolMessage, toolResultContent } from "./tool-messages.js";

export interface SynthesizerOptions {
  maxRounds: number;
  /** A call still running after this long goes on in the background. */
  toolTimeoutMs: number;
  /** A background call is stopped after this long. */
  backgroundTimeoutMs: number;
  maxToolResultChars: number;
}

export interface SynthesisInput {
  messages: ChatMessage[];
  policy: ToolPolicy;
  conversationId: string;
  turnId?: string;
  turnNumber?: number;
  emit: EventSink;
  signal?: AbortSignal;
}

const WRAP_UP =
  "You have used all tool rounds for this request. Answer the user now with what you know, " +
  "and say briefly what you could not finish.";

/**
 * The tool loop: ask the LLM with the allowed tools, run the calls it makes (in parallel), feed the
 * results back, and repeat — at most `maxRounds` times, then one last request without tools.
 */
export class Synthesizer {
  constructor(
    private readonly llm: LlmClient,
    private readonly registry: ToolRegistry,
    private readonly jobs: BackgroundJobs,
    private readonly logger: Logger,
    private readonly options: SynthesizerOptions,
  ) {}

  async run(input: SynthesisInput): Promise<FinalEvent> {
    const { emit, signal } = input;
    const messages = [...input.messages];
    const tools = this.registry.definitions(input.policy);
    const usage = emptyUsage();
    const texts: string[] = [];
    let textStarted = false;
    const onText = (text: string) => {
      if (!textStarted && texts.length > 0) emit({ type: "text", text: "\n\n" });
      textStarted = true;
      emit({ type: "text", text });
    };

    for (let round = 1; ; round++) {
      const toolsAllowed = round <= this.options.maxRounds && tools.length > 0;
      if (!toolsAllowed && round > 1) messages.push({ role: "system", content: WRAP_UP });
      textStarted = false;
      let response;
      try {
        response = await this.llm.complete({
          messages,
          tools: toolsAllowed ? tools : undefined,
          signal,
          onText,
        });
      } catch (error) {
        const failure = toLlmError(error);
        this.logger.warn({ kind: failure.kind, status: failure.status, round }, "LLM request failed");
        const text = [...texts, failure.message].join("\n\n");
        return this.finish(emit, { type: "final", text, rounds: round, usage, error: failure.message });
      }
      addUsage(usage, response.usage);
      if (response.content) texts.push(response.content);

      if (!toolsAllowed || response.toolCalls.length === 0) {
        const text = texts.join("\n\n") || "(no answer)";
        emit({
          type: "round_finished",
          round,
          messages: [{ role: "assistant", content: response.content || text }],
        });
        return this.finish(emit, { type: "final", text, rounds: round, usage });
      }

      const assistant = assistantMessage(response);
      const results = await Promise.all(response.toolCalls.map((call) => this.runCall(call, input)));
      const roundMessages = [assistant, ...results];
      messages.push(...roundMessages);
      emit({ type: "round_finished", round, messages: roundMessages });
    }
  }

  private finish(emit: EventSink, final: FinalEvent): FinalEvent {
    emit(final);
    return final;
  }

  private async runCall(call: LlmToolCall, input: SynthesisInput): Promise<ChatMessage> {
    const { emit } = input;
    emit({ type: "tool_started", callId: call.id, name: call.name, arguments: call.arguments });
    const started = performance.now();
    const running = this.registry.execute(call, {
      policy: input.policy,
      logger: this.logger,
      conversationId: input.conversationId,
      turnId: input.turnId,
      turnNumber: input.turnNumber,
      hardTimeoutMs: this.options.backgroundTimeoutMs,
    });

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.options.toolTimeoutMs);
    });
    const finished = await Promise.race([running, timedOut]);
    clearTimeout(timer);

    let result: ToolResult;
    let background: { jobId: string } | undefined;
    if (finished) {
      result = finished;
    } else {
      const jobId = this.jobs.adopt(input.conversationId, call, running);
      background = { jobId };
      result = ok({
        status: "running_in_background",
        job_id: jobId,
        note:
          `${call.name} is taking longer than ${Math.round(this.options.toolTimeoutMs / 1000)} s and goes on in ` +
          "the background. Tell the user it is still running and that they can keep chatting; the result will " +
          "be delivered in the next turn. Do not call it again for the same request.",
      });
    }
    const durationMs = Math.round(performance.now() - started);
    this.logger.info(
      {
        tool: call.name,
        callId: call.id,
        durationMs,
        success: result.success,
        background: Boolean(background),
      },
      "tool call",
    );
    emit({ type: "tool_finished", callId: call.id, name: call.name, durationMs, result, background });
    return toolMessage(call.id, toolResultContent(result, this.options.maxToolResultChars));
  }
}
