export type TimerHandle = { readonly id: unknown };

/**
 * Where now and the timers come from: HomeTime (home-time.ts) without the zone. The system's in
 * production; a test passes a controllable one to compose (`ComposeOptions.clock`) and everything moves
 * with it.
 */
export interface Clock {
  /** The current instant (ms since the epoch). */
  now(): number;
  /** Calls `fn` after `ms`; the handle stops it. Timers never keep the process alive. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle | undefined): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    // Node caps timers at 2^31-1 ms (about 24.8 days); callers re-arm well before that.
    const timer = setTimeout(fn, Math.min(Math.max(0, ms), 2 ** 31 - 1));
    timer.unref();
    return { id: timer };
  },
  clearTimer(handle) {
    if (handle) clearTimeout(handle.id as NodeJS.Timeout);
  },
};
