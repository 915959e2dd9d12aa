import type { ChatMessage, LlmUsage } from "../llm/messages.js";
import type { ToolResult } from "../tools/contract.js";

/** What a turn reports as it goes; every entry point renders these and nothing else. */
export type AgentEvent =
  | { type: "turn_started"; conversationId: string; turnId: string }
  | { type: "background_result"; jobId: string; name: string; result: ToolResult }
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
  | { type: "final"; text: string; rounds: number; usage: LlmUsage; error?: string };

export type EventSink = (event: AgentEvent) => void;

export type FinalEvent = Extract<AgentEvent, { type: "final" }>;
