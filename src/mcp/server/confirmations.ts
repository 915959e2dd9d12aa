import { systemClock } from "../../time/clock.js";
import type { HomeTime } from "../../time/home-time.js";

/**
 * The confirmation questions asked over MCP: which tool asked, for which owner's conversation, so that
 * confirm_action finds the tool, for the same owner, once. The tool keeps the action and applies the
 * rule the MCP turns carry (TurnContext.confirmationRule: only confirm_action's call, never the one
 * that asked, the same conversation, a few minutes, once).
 */
export class PendingConfirmations {
  private readonly pending = new Map<string, { tool: string; conversationId: string; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 1_000,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {}

  add(id: string, tool: string, conversationId: string): void {
    this.prune();
    if (this.pending.size >= this.max) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(id, { tool, conversationId, expiresAt: this.clock.now() + this.ttlMs });
  }

  /** The tool that asked, once, if the question is this conversation's and still open. */
  take(id: string, conversationId: string): string | undefined {
    this.prune();
    const pending = this.pending.get(id);
    if (!pending || pending.conversationId !== conversationId) return undefined;
    this.pending.delete(id);
    return pending.tool;
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [id, pending] of this.pending) if (pending.expiresAt <= now) this.pending.delete(id);
  }
}
