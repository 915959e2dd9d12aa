/**
 * The confirmation questions asked over MCP: which tool asked, for which owner's conversation. The tool
 * keeps the action itself and its own rules (valid a few minutes, once, never in the call that asked);
 * this only lets confirm_action find the tool, and only for the same owner.
 */
export class PendingConfirmations {
  private readonly pending = new Map<string, { tool: string; conversationId: string; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 1_000,
    private readonly now = () => Date.now(),
  ) {}

  add(id: string, tool: string, conversationId: string): void {
    this.prune();
    if (this.pending.size >= this.max) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(id, { tool, conversationId, expiresAt: this.now() + this.ttlMs });
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
    const now = this.now();
    for (const [id, pending] of this.pending) if (pending.expiresAt <= now) this.pending.delete(id);
  }
}
