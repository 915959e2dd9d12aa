import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";

/** How the LLM has been answering lately: for the readiness view and the status panel. */
export interface LlmHealthState {
  status: "unknown" | "ok" | "failing";
  /** When the current state began (ms since epoch). */
  since?: number;
  lastError?: string;
  lastSuccessAt?: number;
}

export class LlmHealth {
  private current: LlmHealthState = { status: "unknown" };

  /** Stamps the changes with `clock` (compose gives HomeTime; the system's by default). */
  constructor(private readonly clock: Pick<HomeTime, "now"> = systemClock) {}

  get state(): LlmHealthState {
    return { ...this.current };
  }

  succeeded(): void {
    const now = this.clock.now();
    if (this.current.status !== "ok") this.current = { status: "ok", since: now };
    this.current.lastSuccessAt = now;
  }

  failed(message: string): void {
    const since = this.current.status === "failing" ? this.current.since : this.clock.now();
    this.current = { ...this.current, status: "failing", since, lastError: message };
  }
}
