import { createHash } from "node:crypto";
import { DomainError } from "../domain-error.js";
import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";

/** How long a finished request is remembered for its repeats (SDK retries come within seconds). */
export const REPEAT_WINDOW_MS = 120_000;
/** At most this many requests are remembered; the oldest go first. */
const MAX_ENTRIES = 2_000;

/** A repeated `Idempotency-Key` came with a different body. */
export class IdempotencyConflictError extends DomainError {
  override name = "IdempotencyConflictError";

  constructor(message: string) {
    super(message, "conflict", "idempotency_key");
  }
}

interface Entry<T> {
  fingerprint: string;
  /** Settles with the result, or undefined when the first request left nothing to replay. */
  result: Promise<T | undefined>;
  done: boolean;
  expiresAt: number;
}

export type Claim<T> =
  | { kind: "replay"; result: T }
  /** This request runs; `settle` stores its result for repeats (undefined: repeats run anew). */
  | { kind: "run"; settle: (result: T | undefined) => void };

/**
 * Requests already received, so a repeat is answered from the first one's result instead of running
 * again. Same request: the same `Idempotency-Key` from the same owner, or, without a key, the same
 * owner sending the very same body, while the first runs or within `REPEAT_WINDOW_MS` after it ended.
 * A repeat that arrives while the first still runs waits for it. In memory: retries do not outlive a
 * restart, and neither do the turns they repeat.
 */
export class RequestLedger<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly windowMs = REPEAT_WINDOW_MS,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {}

  async claim(request: { owner: string; key?: string; body: unknown }): Promise<Claim<T>> {
    const fingerprint = sha256(JSON.stringify(request.body));
    const id = request.key
      ? `key\0${request.owner}\0${request.key}`
      : `body\0${request.owner}\0${fingerprint}`;
    for (;;) {
      this.expire();
      const entry = this.entries.get(id);
      if (!entry) return { kind: "run", settle: this.open(id, fingerprint) };
      if (entry.fingerprint !== fingerprint) {
        throw new IdempotencyConflictError(
          "This Idempotency-Key was used with a different request body; send a new key for a new request.",
        );
      }
      const result = await entry.result;
      if (result !== undefined) return { kind: "replay", result };
      // The first request left nothing to replay: this one runs, unless another repeat got there first.
    }
  }

  private open(id: string, fingerprint: string): (result: T | undefined) => void {
    let resolve!: (result: T | undefined) => void;
    const entry: Entry<T> = {
      fingerprint,
      result: new Promise((r) => (resolve = r)),
      done: false,
      expiresAt: Infinity,
    };
    this.entries.set(id, entry);
    return (result) => {
      if (entry.done) return;
      entry.done = true;
      if (result === undefined) this.entries.delete(id);
      else entry.expiresAt = this.clock.now() + this.windowMs;
      resolve(result);
    };
  }

  private expire(): void {
    const now = this.clock.now();
    for (const [id, entry] of this.entries) if (entry.done && entry.expiresAt <= now) this.entries.delete(id);
    // Bounded whatever clients send: the oldest finished entries go first.
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break;
      if (entry.done) this.entries.delete(id);
    }
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
