import { InputError } from "../input-error.js";
import type { Logger } from "../logging/logger.js";
import type { ToolDefinition, ToolResult } from "../llm/tool-wire.js";
import type { TurnContext } from "../turn/context.js";
import type { PackLanguage } from "../words/language.js";
import type { Effect } from "./effects.js";

export type { ToolDefinition, ToolResult };
export { UNNAMED_TOOL } from "../llm/tool-wire.js";

/** What a tool is told of one call: only what is this call's own; the rest is the turn's. */
export interface ToolContext {
  /** Aborted when the call is abandoned (hard time limit, shutdown). Long work should check it. */
  signal: AbortSignal;
  /**
   * The turn the call belongs to: who asks (reminders keep who asked, memory_search recalls only their
   * words), its conversation, its id and number (a tool that needs the user's confirmation accepts it only
   * in the next turn), the tool policy (`policy.autonomous`: nobody is watching, refuse what needs the
   * user's yes), the home's time and the language.
   */
  turn: TurnContext;
  /** The call's own logger (it names the tool and the call). */
  logger: Logger;
  /**
   * This call waits for the person's yes: the loop's reading of their words found no request for the
   * change it makes. A tool that changes the home asks them (through the confirmation store) instead of acting.
   */
  confirmFirst?: ConfirmFirst;
}

/** Why a call waits for the person's yes, and the language to ask them in. */
export interface ConfirmFirst {
  /** For the model: "their message reads as a question about how things are". */
  why: string;
  language: PackLanguage;
}

export interface Tool {
  definition(): ToolDefinition;
  /**
   * Only for a person's turn: the registry neither offers nor runs it under an autonomous policy (a
   * background thought), whatever that policy's whitelist names.
   */
  readonly attendedOnly?: boolean;
  /** `args` has already been parsed from JSON; the tool validates it against its own schema. */
  execute(args: unknown, ctx: ToolContext): Promise<ToolResult>;
  /**
   * What a call with these arguments would change in the home or send out of it (tools/effects.ts); none
   * for a tool that only reads. Pure: from the arguments alone. The registry's gate checks them against
   * the person's own words once outside text entered the turn (tools/provenance/gate.ts).
   */
  effects?(args: unknown): Effect[];
}

/**
 * An expected failure whose message is meant for the LLM (and so for the user): bad input,
 * a missing service, a refused action. Anything else thrown by a tool is treated as a bug.
 */
export class ToolError extends InputError {
  override name = "ToolError";
}

export const ok = (data: unknown): ToolResult => ({ success: true, data });
export const fail = (error: string): ToolResult => ({ success: false, error });
