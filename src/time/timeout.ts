import { systemClock } from "./clock.js";
import type { HomeTime } from "./home-time.js";

/** A wait that ran out of time (what `withTimeout` rejects with when given no `onTimeout`). */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = "TimeoutError";
  }
}

export interface TimeoutOptions<L> {
  /** Stops the wait early: it then gives `onAbort()` (default: it rejects with the signal's reason). */
  signal?: AbortSignal;
  onAbort?: () => L | PromiseLike<L>;
  /** Whose timers count the wait: HomeTime's where the part has it (a test clock moves it), else the system's. */
  timers?: Pick<HomeTime, "setTimer" | "clearTimer">;
}

/**
 * `work`'s outcome if it settles within `ms`, else what `onTimeout` gives (or throws; by default a
 * TimeoutError). The one way to race work against a timer: the timer and the abort listener are always
 * cleared. `work` itself is not stopped; stop it in `onTimeout` when it should be. With `ms` Infinity there is
 * no timer: only the signal ends the wait early.
 */
export function withTimeout<T, L = never>(
  work: PromiseLike<T>,
  ms: number,
  onTimeout?: () => L | PromiseLike<L>,
  options: TimeoutOptions<L> = {},
): Promise<T | L> {
  const { signal, onAbort, timers = systemClock } = options;
  return new Promise<T | L>((resolve, reject) => {
    let done = false;
    const finish = (outcome: () => T | L | PromiseLike<T | L>) => {
      if (done) return;
      done = true;
      timers.clearTimer(timer);
      signal?.removeEventListener("abort", aborted);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    const timedOut =
      onTimeout ??
      (() => {
        throw new TimeoutError(ms);
      });
    const aborted = () =>
      finish(
        onAbort ??
          (() => {
            throw signal!.reason;
          }),
      );
    const timer = ms === Infinity ? undefined : timers.setTimer(() => finish(timedOut), ms);
    if (signal?.aborted) return aborted();
    signal?.addEventListener("abort", aborted, { once: true });
    work.then(
      (value) => finish(() => value),
      (error: unknown) =>
        finish(() => {
          throw error;
        }),
    );
  });
}
