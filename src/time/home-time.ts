import { systemClock, type Clock, type TimerHandle } from "./clock.js";

/**
 * The home's time: the current instant, the timers, and the IANA zone wall-clock times are read in.
 * Built once by the composition and handed to everything that needs time, so a test moves all of it
 * with one clock and every part agrees on the zone.
 */
export interface HomeTime {
  /** The current instant (ms since the epoch). */
  now(): number;
  /** Calls `fn` after `ms`; the handle stops it. Timers never keep the process alive. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle | undefined): void;
  /** The home's IANA zone; read at each use (Home Assistant's can arrive after start-up). */
  zone(): string;
}

export interface HomeTimeOptions {
  /** The configured zone (`timeZone`), which wins over the others. */
  zone?: string;
  /** Home Assistant's zone, when it is known. */
  ha?: { timeZone(): string | undefined };
  /** Now and timers (default: the system's). */
  clock?: Clock;
}

const systemZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone rule: the configured zone, else Home Assistant's, else the system's. */
export function createHomeTime(options: HomeTimeOptions = {}): HomeTime {
  const clock = options.clock ?? systemClock;
  const { zone: configured, ha } = options;
  return {
    now: () => clock.now(),
    setTimer: (fn, ms) => clock.setTimer(fn, ms),
    clearTimer: (handle) => clock.clearTimer(handle),
    zone: () => configured ?? ha?.timeZone() ?? systemZone(),
  };
}
