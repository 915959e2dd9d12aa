import type { LlmToolCall, ChatMessage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import { ok, type ConfirmFirst, type ToolResult } from "../tools/contract.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { TurnContext } from "../turn/context.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink } from "./events.js";
import { toolMessage, toolResultContent } from "./tool-messages.js";
import { withTimeout } from "../time/timeout.js";

export interface ToolCallLimits {
  /** A call still running after this long goes on in the background. */
  toolTimeoutMs: number;
  /** A background call is stopped after this long. */
  backgroundTimeoutMs: number;
  maxToolResultChars: number;
}

/** What a call is run in: the turn (its policy, who asks, …) and what the caller adds for its calls. */
export interface CallContext {
  turn: TurnContext;
  /** Where the call's started and finished events go (the loop's event stream); none for an MCP call. */
  emit?: EventSink;
  /** The turn's end (cancelled, or out of time): a call still running then goes on in the background. */
  signal?: AbortSignal;
  /**
   * Why this call must wait for the person's yes, if it must (the tool then asks them instead of acting):
   * a reading of words can be wrong, so it never refuses a call outright.
   */
  confirmFirst?: (call: LlmToolCall) => ConfirmFirst | undefined;
  /** The result of a call the loop answers itself (the tool selection's find_tools), if it is one. */
  answer?: (call: LlmToolCall) => ToolResult | Promise<ToolResult> | undefined;
}

/** A call's outcome: its result, and the background job it became when it outlasted the time limit. */
export interface ToolCallOutcome {
  result: ToolResult;
  background?: { jobId: string };
}

/**
 * The one path from a tool call to its result or a background job, for every entry point (the loop's
 * calls, and MCP's, which translates its own to and from it): through the registry under the turn's
 * policy, answered within the time limit, or handed to the background jobs with a result that tells the
 * LLM so — also when the turn ends first (the user cancelled, the voice deadline passed, the MCP client
 * left): an action under way is not cut off halfway, and its result reaches the next turn.
 */
export class ToolCallRunner {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly jobs: BackgroundJobs,
    private readonly logger: Logger,
    private readonly limits: ToolCallLimits,
  ) {}

  /** The call's tool message for the LLM. */
  async run(call: LlmToolCall, context: CallContext): Promise<ChatMessage> {
    const { result } = await this.execute(call, context);
    return toolMessage(call.id, toolResultContent(result, this.limits.maxToolResultChars));
  }

  /** Runs the call: its result, or the background job it became. Never rejects. */
  async execute(call: LlmToolCall, context: CallContext): Promise<ToolCallOutcome> {
    const emit = context.emit ?? (() => {});
    emit({ type: "tool_started", callId: call.id, name: call.name, arguments: call.arguments });
    const started = performance.now();
    const answered = context.answer?.(call);
    const running = answered
      ? Promise.resolve(answered)
      : this.registry.execute(call, {
          logger: this.logger,
          turn: context.turn,
          hardTimeoutMs: this.limits.backgroundTimeoutMs,
          confirmFirst: context.confirmFirst?.(call),
        });

    // Past the limit, or when the turn ends, the call goes on in the background.
    const finished = await withTimeout(running, this.limits.toolTimeoutMs, () => undefined, {
      signal: context.signal,
      onAbort: () => undefined,
    });

    let result: ToolResult;
    let background: { jobId: string } | undefined;
    if (finished) {
      result = finished;
    } else {
      const jobId = this.jobs.adopt(context.turn.conversationId, call, running);
      background = { jobId };
      const why = context.signal?.aborted
        ? `The turn ended while ${call.name} was running (cancelled or out of time); it goes on in the background.`
        : `${call.name} is taking longer than ${Math.round(this.limits.toolTimeoutMs / 1000)} s and goes on in the background.`;
      result = ok({
        status: "running_in_background",
        job_id: jobId,
        note:
          `${why} Tell the user it is still running and that they can keep chatting; the result will be ` +
          "delivered in the next turn. Do not call it again for the same request.",
      });
    }
    const durationMs = Math.round(performance.now() - started);
    // Debug: the turn's line names each call with ✓ or ✗ at info.
    this.logger.debug(
      {
        tool: call.name,
        callId: call.id,
        durationMs,
        success: result.success,
        background: Boolean(background),
        ...(result.success ? {} : { error: result.error }),
      },
      "tool call",
    );
    emit({ type: "tool_finished", callId: call.id, name: call.name, durationMs, result, background });
    return { result, background };
  }
}
