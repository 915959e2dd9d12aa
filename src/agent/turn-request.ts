import type { ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import { DomainError } from "../domain-error.js";
import type { SamplingParams } from "../llm/client.js";
import type { SeenMessage } from "../store/transcript.js";
import type { ToolDefinition } from "../tools/contract.js";
import type { TurnCaller } from "../turn/context.js";
import type { FinalEvent } from "./events.js";
import type { OutputFormat } from "./structured-output.js";
import type { EchoedCalls } from "./tool-result-match.js";

/** What an entry point asks of the Assistant (a new turn, or a paused one resumed) and what it gets back. */

/**
 * What every entry point may ask of a turn besides the message itself. The facts of the turn (the tool
 * policy, who asks, the signal, the deadline, …) are the TurnCaller's; the Assistant builds the turn's
 * context from them.
 */
export interface TurnOptions extends TurnCaller {
  /** Tools of the client's own (OpenAI clients): a call to one pauses the turn until `resume`. */
  clientTools?: ToolDefinition[];
  toolChoice?: ChatCompletionToolChoiceOption;
  params?: SamplingParams;
  /** The final answer must be JSON of this form; it is checked, and the LLM gets one more try. */
  output?: OutputFormat;
  /**
   * The client resends its history with every request and keeps no conversation of its own (OpenAI
   * clients, HA's Ollama integration): the user and assistant texts before this request. A new turn's
   * conversation is found by it (unless one is named), and what the client has been shown is recorded
   * once the turn answers, so that its next resend finds the conversation again.
   */
  resent?: SeenMessage[];
  /**
   * The reply will be spoken (Home Assistant Assist): the LLM is asked for a short spoken answer, and a
   * client that resends its history is recorded as shown the spoken form.
   */
  voice?: boolean;
}

export interface TurnInput extends TurnOptions {
  message: string;
  /** Continue this conversation (named by the caller); one the requester may not open is unknown. */
  conversationId?: string;
  /** Who started the turn, stored with a new conversation: "api", "openai", "cli", "thinker", … */
  source: string;
  /** The entry point's own id of the conversation (HA's over Wyoming): continued, or given to a new one. */
  externalId?: string;
  /** The client app's own instructions (its system message), passed on in this turn's note. */
  instructions?: string;
  /**
   * Tool results sent with this message, for the calls of a turn paused in this conversation (by call
   * id, or in the calls' order when the client keeps no ids); calls left unanswered say so.
   */
  toolResults?: ToolResultInput[];
}

export interface ResumeInput extends TurnOptions {
  /**
   * The client's results for the tool calls a paused turn handed it, by call id; clients that keep no
   * ids (HA's Ollama integration) give them in the order of the calls, with `conversationId`.
   */
  toolResults: ToolResultInput[];
  /** The conversation the caller named; one the requester may not open is unknown. */
  conversationId?: string;
  /**
   * Results without ids and no conversation named (HA's Ollama integration): the calls the client says
   * they answer, which with `resent` and `source` find the paused turn (see tool-result-match.ts).
   */
  echoed?: EchoedCalls;
  /** The entry point, for finding the paused turn by the resent history. */
  source?: string;
}

export interface TurnOutcome extends FinalEvent {
  conversationId: string;
  turnId: string;
}

export class UnknownConversationError extends DomainError {
  override name = "UnknownConversationError";

  constructor(message: string) {
    super(message, "not_found", "conversation_id");
  }
}

/** A tool result that answers no paused turn (never asked, already answered, or the turn was lost). */
export class UnknownToolCallError extends DomainError {
  override name = "UnknownToolCallError";

  constructor(message: string) {
    super(message, "input", "messages");
  }
}

/** A client's answers to the tool calls of a paused turn, by call id or in order. */
export interface ToolResultInput {
  toolCallId?: string;
  content: string;
}
