import type { HomeTime } from "./home-time.js";

/**
 * Where now and the timers come from: HomeTime without the zone. The system's in production; a test
 * passes a controllable one to compose (`ComposeOptions.clock`) and everything moves with it.
 */
export type Clock = Pick<HomeTime, "now" | "setTimer" | "clearTimer">;

export type TimerHandle = { readonly id: unknown };

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
