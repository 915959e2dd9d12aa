import type { Clock, TimerHandle } from "../../src/time/clock.js";

/** A clock a test moves by hand: `advance` runs the timers that fall due, in order. */
export class FakeClock implements Clock {
  private timers: { at: number; fn: () => void; handle: TimerHandle }[] = [];

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const handle = { id: Symbol("timer") };
    this.timers.push({ at: this.current + Math.max(0, ms), fn, handle });
    return handle;
  }

  clearTimer(handle: TimerHandle | undefined): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }

  /** Moves time forward, running each timer at its time (timers set meanwhile included). */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.current = Math.max(this.current, next.at);
      next.fn();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.current = end;
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Jumps without running timers (as a process that was not running would). */
  set(instant: number): void {
    this.current = instant;
  }

  get pending(): number {
    return this.timers.length;
  }
}
