import type { ReactiveController, ReactiveControllerHost } from "lit";

/**
 * One API resource a view shows: fetched when the view connects and again on `reload()`, with the last
 * value and the last error (a message to show in place of the list).
 */
export class Loader<T> implements ReactiveController {
  value: T | null = null;
  error: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly fetch: () => Promise<T>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    void this.reload();
  }

  async reload(): Promise<void> {
    try {
      this.value = await this.fetch();
      this.error = null;
    } catch (error) {
      this.error = (error as Error).message;
    }
    this.host.requestUpdate();
  }
}
