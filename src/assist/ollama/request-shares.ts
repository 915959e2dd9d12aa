/** How many requests the Ollama port works on at once. */
export interface RequestLimits {
  /** Requests under way at once, from every source together. */
  maxRequests: number;
  /** Requests under way at once from one source address: a flooding source leaves room for HA. */
  maxPerSource: number;
}

/**
 * The requests under way, by source. A request over its source's share or the port's limit is refused
 * (with 503 and Retry-After) rather than a connection closed: a kept-alive connection the client may be
 * reusing at that very moment is never cut, so no request ends in a reset.
 */
export class RequestShares {
  private readonly bySource = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: RequestLimits) {}

  /** A place for one request, with its release; undefined when the source or the port is at its limit. */
  take(source: string): (() => void) | undefined {
    const held = this.bySource.get(source) ?? 0;
    if (held >= this.limits.maxPerSource || this.total >= this.limits.maxRequests) return undefined;
    this.bySource.set(source, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.bySource.get(source) ?? 1) - 1;
      if (left > 0) this.bySource.set(source, left);
      else this.bySource.delete(source);
    };
  }
}
