import { UNNAMED } from "../../src/store/conversation-access.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { NEXT_MESSAGE } from "../../src/turn/confirmation-rule.js";
import type { TurnContext } from "../../src/turn/context.js";
import { TurnProvenance } from "../../src/turn/provenance.js";

/** A turn for calling the registry or a tool directly in a test: conversation "test", turn 1, a chat's. */
export function testTurn(overrides: Partial<TurnContext> = {}): TurnContext {
  return {
    conversationId: "test",
    turnId: "turn-1",
    turnNumber: 1,
    source: "test",
    policy: allowAllTools,
    requester: UNNAMED,
    language: "en",
    confirmationRule: NEXT_MESSAGE,
    time: { now: () => Date.now(), zone: () => "UTC" },
    provenance: new TurnProvenance(),
    ...overrides,
  };
}
