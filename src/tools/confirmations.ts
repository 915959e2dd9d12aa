import { randomBytes } from "node:crypto";
import type { HomeTime } from "../time/home-time.js";
import type { ToolContext } from "./contract.js";
import { ToolError } from "./contract.js";
import { judgeAnswer, type AskedIn } from "./confirmation-rule.js";

export interface StoredAction {
  domain: string;
  service: string;
  entityIds: string[];
  data: Record<string, unknown>;
  description: string;
  /** A scheduled action's (reminder_create): when it runs, and the rest of its reminder. */
  later?: ScheduledLater;
  /**
   * The call itself, when the provenance gate asked (tools/provenance/gate.ts): a yes runs the tool with
   * these arguments, whatever the tool (web_fetch, an MCP server's tool).
   */
  call?: { args: unknown };
}

export interface ScheduledLater {
  /** The wall-clock time it runs, in the home's zone ("2026-12-04T21:00:00"). */
  at: string;
  message?: string;
  targets?: string[];
  satellite?: string;
  language?: string;
}

interface Pending {
  /** The tool that asked, and that carries the action out once the yes is taken. */
  tool: string;
  action: StoredAction;
  conversationId: string;
  asked: AskedIn;
  expiresAt: number;
}

/** How long a confirmation question stays open, behind every entry point. */
export const CONFIRMATION_TTL_MS = 5 * 60_000;

/**
 * Risky actions waiting for the user's yes: the one store of them, for every entry point (built once in
 * compose, shared by the tool that asks and by MCP's confirm_action, which finds the asking tool here). A
 * yes counts only in the same conversation, for a few minutes, once, and when the rule the asking turn's
 * entry point set allows it (confirmation-rule.ts): in chat the user's very next message, over MCP a
 * later confirm_action call. So the LLM can't confirm on the user's behalf in the turn that asked, nor
 * pick an old request up later.
 */
export class Confirmations {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly time: Pick<HomeTime, "now">,
    private readonly ttlMs = CONFIRMATION_TTL_MS,
    private readonly max = 1_000,
  ) {}

  /** Stores `tool`'s question about `action` in the turn's conversation; its id. */
  create(tool: string, action: StoredAction, ctx: ToolContext): string {
    this.prune();
    if (!ctx.turn.conversationId || !ctx.turn.turnId) {
      throw new ToolError(
        `This action (${action.description}) needs the user's confirmation, which is only possible in a conversation. It was not done.`,
      );
    }
    if (this.pending.size >= this.max) this.pending.delete(this.pending.keys().next().value!);
    const id = `confirm-${randomBytes(4).toString("hex")}`;
    this.pending.set(id, {
      tool,
      action,
      conversationId: ctx.turn.conversationId,
      asked: {
        turnId: ctx.turn.turnId,
        turnNumber: ctx.turn.turnNumber,
        rule: ctx.turn.confirmationRule,
      },
      expiresAt: this.time.now() + this.ttlMs,
    });
    return id;
  }

  /** The tool that asked question `id`, if it is still open in this conversation (MCP's confirm_action). */
  askedBy(id: string, conversationId: string): string | undefined {
    this.prune();
    const pending = this.pending.get(id.trim());
    return pending?.conversationId === conversationId ? pending.tool : undefined;
  }

  /**
   * The confirmed action, or a ToolError saying why it can't run. `consume` it once it is carried out.
   * With `tool`, only a question that tool asked counts (another tool's id is unknown to it).
   */
  check(given: string, ctx: ToolContext, tool?: string): StoredAction {
    this.prune();
    const id = given.trim();
    const pending = this.pending.get(id);
    if (!pending || pending.conversationId !== ctx.turn.conversationId || (tool && pending.tool !== tool)) {
      throw new ToolError(
        `Confirmation "${id}" is unknown or expired (they last ${Math.round(this.ttlMs / 60_000)} minutes). ` +
          "Call the tool again without confirmation_id to ask anew.",
      );
    }
    const verdict = judgeAnswer(pending.asked, ctx.turn, { id, would: pending.action.description });
    if (!verdict.taken) {
      if (verdict.lapsed) this.pending.delete(id);
      throw new ToolError(verdict.why);
    }
    return pending.action;
  }

  /** The open question the gate asked about exactly this call (`tool` with `args`), in this conversation. */
  askedAbout(tool: string, args: unknown, conversationId: string): string | undefined {
    this.prune();
    const key = JSON.stringify(args);
    for (const [id, pending] of this.pending)
      if (
        pending.tool === tool &&
        pending.conversationId === conversationId &&
        pending.action.call &&
        JSON.stringify(pending.action.call.args) === key
      )
        return id;
    return undefined;
  }

  /** The gate's stored call behind question `id` in this conversation, if the gate asked it. */
  callOf(id: string, conversationId: string): { args: unknown } | undefined {
    this.prune();
    const pending = this.pending.get(id.trim());
    return pending?.conversationId === conversationId ? pending.action.call : undefined;
  }

  /** What question `id` in this conversation asked about, if it is still open. */
  actionOf(id: string, conversationId: string): StoredAction | undefined {
    this.prune();
    const pending = this.pending.get(id.trim());
    return pending?.conversationId === conversationId ? pending.action : undefined;
  }

  consume(id: string): void {
    this.pending.delete(id.trim());
  }

  private prune(): void {
    const now = this.time.now();
    for (const [id, pending] of this.pending) if (pending.expiresAt <= now) this.pending.delete(id);
  }
}
