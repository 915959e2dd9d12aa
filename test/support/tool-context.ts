import type { ToolContext } from "../../src/tools/contract.js";
import { silentLogger } from "../../src/logging/logger.js";

/** A context for calling a tool's execute() directly in a test. */
export function toolContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    signal: new AbortController().signal,
    logger: silentLogger(),
    conversationId: "test",
    ...overrides,
  };
}
