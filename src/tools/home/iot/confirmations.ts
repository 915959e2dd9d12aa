import { randomBytes } from "node:crypto";
import type { ToolContext } from "../../contract.js";
import { ToolError } from "../../contract.js";
import { judgeAnswer, type AskedIn } from "./confirmation-rule.js";
import { systemClock } from "../../../time/clock.js";
import type { HomeTime } from "../../../time/home-time.js";

export interface StoredAction {
  domain: string;
  service: string;
  entityIds: string[];
  data: Record<string, unknown>;
  description: string;
}

interface Pending {
  action: StoredAction;
  conversationId: string;
  asked: AskedIn;
  expiresAt: number;
}

/**
 * Risky actions waiting for the user's yes. A yes counts only in the same conversation, for a few
 * minutes, once, and when the rule the asking turn's entry point set allows it (confirmation-rule.ts):
 * in chat the user's very next message, over MCP a later confirm_action call. So the LLM can't confirm
 * on the user's behalf in the turn that asked, nor pick an old request up later.
 */
export class Confirmations {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {}

  create(action: StoredAction, ctx: ToolContext): string {
    this.prune();
    if (!ctx.turn.conversationId || !ctx.turn.turnId) {
      throw new ToolError(
        `This action (${action.description}) needs the user's confirmation, which is only possible in a conversation. It was not done.`,
      );
    }
    const id = `confirm-${randomBytes(4).toString("hex")}`;
    this.pending.set(id, {
      action,
      conversationId: ctx.turn.conversationId,
      asked: {
        turnId: ctx.turn.turnId,
        turnNumber: ctx.turn.turnNumber,
        rule: ctx.turn.confirmationRule,
      },
      expiresAt: this.clock.now() + this.ttlMs,
    });
    return id;
  }

  /** The confirmed action, or a ToolError saying why it can't run. `consume` it once it is carried out. */
  check(given: string, ctx: ToolContext): StoredAction {
    this.prune();
    const id = given.trim();
    const pending = this.pending.get(id);
    if (!pending || pending.conversationId !== ctx.turn.conversationId) {
      throw new ToolError(
        `Confirmation "${id}" is unknown or expired (they last ${Math.round(this.ttlMs / 60_000)} minutes). ` +
          "Call iot_control again without confirmation_id to ask anew.",
      );
    }
    const verdict = judgeAnswer(pending.asked, ctx.turn, { id, would: pending.action.description });
    if (!verdict.taken) {
      if (verdict.lapsed) this.pending.delete(id);
      throw new ToolError(verdict.why);
    }
    return pending.action;
  }

  consume(id: string): void {
    this.pending.delete(id.trim());
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [id, pending] of this.pending) if (pending.expiresAt <= now) this.pending.delete(id);
  }
}
