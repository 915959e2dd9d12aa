import { withTimeout } from "../time/timeout.js";
import type { HassEntities, HassEntity } from "./types.js";

interface Waiter {
  check(states: HassEntities): boolean;
  done(met: boolean): void;
}

/**
 * The live states from `subscribe_entities`, plus two things built on them: a flag telling whether
 * anything name-like changed (so the entity directory is rebuilt only then), and waiting until a
 * condition on the states holds (used to report the real outcome of a service call).
 */
export class StateCache {
  private current: HassEntities = {};
  private readonly waiters = new Set<Waiter>();
  /** Bumped whenever an entity appears, disappears or changes its name, device class or unit. */
  namesVersion = 0;
  /** Set by the first update after a (re)connect. */
  received = false;

  get states(): HassEntities {
    return this.current;
  }

  update(next: HassEntities): void {
    const previous = this.current;
    this.current = next;
    this.received = true;
    if (namesChanged(previous, next)) this.namesVersion++;
    for (const waiter of this.waiters) {
      if (waiter.check(next)) {
        this.waiters.delete(waiter);
        waiter.done(true);
      }
    }
  }

  /** Resolves true once `condition` holds (possibly at once), false after `timeoutMs` or on abort. */
  waitFor(
    condition: (states: HassEntities) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (condition(this.current)) return Promise.resolve(true);
    if (signal?.aborted || timeoutMs <= 0) return Promise.resolve(false);
    let waiter!: Waiter;
    const met = new Promise<boolean>((resolve) => {
      waiter = { check: condition, done: resolve };
      this.waiters.add(waiter);
    });
    const giveUp = () => {
      this.waiters.delete(waiter);
      return false;
    };
    return withTimeout(met, timeoutMs, giveUp, { signal, onAbort: giveUp });
  }

  /** Ends every wait (on close or when the connection is lost). */
  releaseWaiters(): void {
    for (const waiter of [...this.waiters]) waiter.done(false);
    this.waiters.clear();
  }
}

function namesChanged(previous: HassEntities, next: HassEntities): boolean {
  let count = 0;
  for (const id in next) {
    count++;
    const before = previous[id];
    const after = next[id]!;
    if (before === after) continue;
    if (!before || nameKey(before) !== nameKey(after)) return true;
  }
  for (const _id in previous) if (--count < 0) return true;
  return count !== 0;
}

function nameKey(state: HassEntity): string {
  const a = state.attributes;
  return `${a.friendly_name ?? ""}\u0000${a.device_class ?? ""}\u0000${a.unit_of_measurement ?? ""}\u0000${a.hidden ?? ""}`;
}
