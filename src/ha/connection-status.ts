import { withTimeout } from "../time/timeout.js";
import type { HaStatus } from "./service.js";

/** Where the connection to HA stands, and who wants to hear when that changes. */
export class ConnectionStatus {
  private readonly listeners = new Set<() => void>();

  constructor(private status: HaStatus) {}

  get current(): HaStatus {
    return this.status;
  }

  set(status: HaStatus): void {
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }

  onChange(listener: (status: HaStatus) => void): () => void {
    const wrapped = () => listener(this.status);
    this.listeners.add(wrapped);
    return () => this.listeners.delete(wrapped);
  }

  /** Resolves at the next change, or after `timeoutMs` without one. */
  changed(timeoutMs: number): Promise<void> {
    let heard = () => {};
    const change = new Promise<void>((resolve) => (heard = resolve));
    this.listeners.add(heard);
    return withTimeout(change, timeoutMs, () => undefined).finally(() => this.listeners.delete(heard));
  }
}
