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
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.listeners.add(done);
    });
  }
}
