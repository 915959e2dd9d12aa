import type { Connection } from "home-assistant-js-websocket";
import type { Logger } from "../logging/logger.js";
import { toHaError } from "./errors.js";

/** A subscription Cyrene holds on HA: events, triggers. Closing it unsubscribes. */
export interface HaSubscription {
  close(): void;
}

interface Wanted {
  message: { type: string } & Record<string, unknown>;
  onMessage: (message: unknown) => void;
  onError: (error: Error) => void;
  /** Unsubscribe from the current connection, once subscribed there. */
  unsubscribe?: () => Promise<void>;
}

/**
 * The subscriptions Cyrene wants, kept across connections: made on every connection the client opens
 * (the library itself renews them after a reconnect of the same connection) and dropped on close. A
 * subscription asked for while HA is away is made when it is back.
 */
export class Subscriptions {
  private readonly wanted = new Set<Wanted>();
  private conn: Connection | undefined;

  constructor(private readonly logger: Logger) {}

  add(
    message: Wanted["message"],
    onMessage: (message: unknown) => void,
    onError: (error: Error) => void,
  ): HaSubscription {
    const wanted: Wanted = { message, onMessage, onError };
    this.wanted.add(wanted);
    if (this.conn) this.subscribe(this.conn, wanted);
    return {
      close: () => {
        this.wanted.delete(wanted);
        wanted.unsubscribe?.().catch(() => undefined);
        wanted.unsubscribe = undefined;
      },
    };
  }

  /** A new connection: everything wanted is subscribed on it. */
  attach(conn: Connection): void {
    this.conn = conn;
    for (const wanted of this.wanted) this.subscribe(conn, wanted);
  }

  private subscribe(conn: Connection, wanted: Wanted): void {
    conn
      .subscribeMessage((message) => wanted.onMessage(message), wanted.message, { resubscribe: true })
      .then((unsubscribe) => {
        if (!this.wanted.has(wanted) || this.conn !== conn) return void unsubscribe().catch(() => undefined);
        wanted.unsubscribe = unsubscribe;
      })
      .catch((error: unknown) => {
        const failure = toHaError(error, wanted.message.type);
        this.logger.warn(
          { err: failure, type: wanted.message.type },
          "Home Assistant refused a subscription",
        );
        wanted.onError(failure);
      });
  }
}
