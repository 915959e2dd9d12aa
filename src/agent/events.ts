import type { LlmErrorKind } from "../llm/errors.js";
import type { ChatMessage, LlmToolCall, LlmUsage } from "../llm/messages.js";
import type { ToolResult } from "../tools/contract.js";

/** Why a turn ended without a complete answer. */
export interface TurnError {
  message: string;
  /** The LLM failure; `deadline` when the turn ran out of time; `invalid_output` when the JSON asked for never came. */
  kind: LlmErrorKind | "deadline" | "invalid_output";
  status?: number;
}

/** What a turn reports as it goes; every entry point renders these and nothing else. */
export type AgentEvent =
  | { type: "turn_started"; conversationId: string; turnId: string }
  | { type: "background_result"; jobId: string; name: string; result: ToolResult }
  /** Waiting for the model, or retrying it: so a UI can show progress on a silent line. */
  | { type: "status"; state: "waiting" | "retrying"; message: string; attempt?: number; of?: number }
  | { type: "text"; text: string }
  | { type: "tool_started"; callId: string; name: string; arguments: string }
  | {
      type: "tool_finished";
      callId: string;
      name: string;
      durationMs: number;
      result: ToolResult;
      /** The call outlived the time limit and goes on as a background job. */
      background?: { jobId: string };
    }
  /** A finished round, ready to be stored: the assistant message and its tool results. */
  | { type: "round_finished"; round: number; messages: ChatMessage[] }
  | {
      type: "final";
      /** Everything the user was shown, in order (a failed round's partial text included). */
      text: string;
      rounds: number;
      usage: LlmUsage;
      error?: TurnError;
      /** The LLM called tools of the client's: the turn waits for their results. */
      clientCalls?: LlmToolCall[];
    };

export type EventSink = (event: AgentEvent) => void;

export type FinalEvent = Extract<AgentEvent, { type: "final" }>;
