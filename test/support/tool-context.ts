import type { ToolContext } from "../../src/tools/contract.js";
import { silentLogger } from "../../src/logging/logger.js";
import type { TurnContext } from "../../src/turn/context.js";
import { testTurn } from "./turn-context.js";

/**
 * A context for calling a tool's execute() directly in a test; turn facts go into its turn, and
 * `autonomous` makes its policy one with nobody watching.
 */
export function toolContext(
  overrides: Partial<Omit<ToolContext, "turn">> & Partial<TurnContext> & { autonomous?: boolean } = {},
): ToolContext {
  const { signal, logger, autonomous, ...turn } = overrides;
  const base = testTurn(turn);
  return {
    signal: signal ?? new AbortController().signal,
    logger: logger ?? silentLogger(),
    turn: autonomous === undefined ? base : { ...base, policy: { ...base.policy, autonomous } },
  };
}
