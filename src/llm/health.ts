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

  get state(): LlmHealthState {
    return { ...this.current };
  }

  succeeded(): void {
    const now = Date.now();
    if (this.current.status !== "ok") this.current = { status: "ok", since: now };
    this.current.lastSuccessAt = now;
  }

  failed(message: string): void {
    const since = this.current.status === "failing" ? this.current.since : Date.now();
    this.current = { ...this.current, status: "failing", since, lastError: message };
  }
}
