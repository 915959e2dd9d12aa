import { deadlineIn } from "../time/deadline.js";

export interface Backoff {
  firstMs: number;
  maxMs: number;
}

const DEFAULT_BACKOFF: Backoff = { firstMs: 2_000, maxMs: 5 * 60_000 };

/**
 * When to try an unreachable server again: exponential backoff, from `firstMs` doubling up to `maxMs`,
 * back to `firstMs` once a connection succeeded.
 */
export class Reconnect {
  /** When the retry timer (a real one) fires, ms since the epoch. */
  retryAt: number | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly backoff: Backoff = DEFAULT_BACKOFF) {}

  /** Times the next try; answers how long it waits. */
  schedule(retry: () => void): number {
    const delay = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** this.attempt);
    this.attempt += 1;
    this.retryAt = Math.round(deadlineIn(delay));
    this.timer = setTimeout(retry, delay);
    return delay;
  }

  connected(): void {
    this.attempt = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
