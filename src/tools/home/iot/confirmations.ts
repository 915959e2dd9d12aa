import { randomBytes } from "node:crypto";
import type { ToolContext } from "../../contract.js";
import { ToolError } from "../../contract.js";

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
  turnId: string;
  /** Only the turn right after this one may confirm. */
  turnNumber: number;
  expiresAt: number;
}

/**
 * Risky actions waiting for the user's yes. A confirmation counts only in the next turn of the same
 * conversation — so the LLM can't confirm on the user's behalf in the turn that asked, nor pick an
 * old request up later — and only for a few minutes, once.
 */
export class Confirmations {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now = () => Date.now(),
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
      turnId: ctx.turn.turnId,
      turnNumber: ctx.turn.turnNumber,
      expiresAt: this.now() + this.ttlMs,
    });
    return id;
  }

  /** The confirmed action, or a ToolError saying why it can't run. `consume` it once it is carried out. */
  check(id: string, ctx: ToolContext): StoredAction {
    this.prune();
    const pending = this.pending.get(id.trim());
    if (!pending || pending.conversationId !== ctx.turn.conversationId) {
      throw new ToolError(
        `Confirmation "${id}" is unknown or expired (they last ${Math.round(this.ttlMs / 60_000)} minutes). ` +
          "Call iot_control again without confirmation_id to ask anew.",
      );
    }
    if (pending.turnId === ctx.turn.turnId) {
      throw new ToolError(
        `Not done: the user has not confirmed yet. Ask them whether to ${pending.action.description}; ` +
          `only after they say yes in their next message, call iot_control with confirmation_id "${id}". ` +
          "需要用户在下一条消息中确认后才能执行。",
      );
    }
    if (ctx.turn.turnNumber !== pending.turnNumber + 1) {
      // The user's next message came and went without a yes: a later "confirmation" could come from
      // anywhere (a fetched page, a misread), so it is not taken.
      this.pending.delete(id.trim());
      throw new ToolError(
        `Confirmation "${id}" has lapsed: it had to come in the user's very next message. ` +
          "If the user still wants this, call iot_control again without confirmation_id to ask anew. " +
          "确认已失效，请重新询问用户。",
      );
    }
    return pending.action;
  }

  consume(id: string): void {
    this.pending.delete(id.trim());
  }

  private prune(): void {
    const now = this.now();
    for (const [id, pending] of this.pending) if (pending.expiresAt <= now) this.pending.delete(id);
  }
}
