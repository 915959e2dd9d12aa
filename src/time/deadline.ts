/**
 * Deadlines for work that counts real time (a time limit is a duration: a test clock does not move it).
 * On the monotonic clock, as ms since the epoch, so a deadline means the same in a child process.
 */
export function deadlineIn(ms: number): number {
  return monotonicNow() + ms;
}

/** How many whole ms are left before `deadline` (negative once it has passed). */
export function msLeft(deadline: number): number {
  return Math.floor(deadline - monotonicNow());
}

function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}
