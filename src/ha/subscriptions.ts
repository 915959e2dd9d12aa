import type { Connection } from "home-assistant-js-websocket";
import type { Logger } from "../logging/logger.js";
import { toHaError } from "./errors.js";

/** A subscription Cyrene holds on HA: events, triggers. Closing it unsubscribes. */
export interface HaSubscription {
  close(): void;
  /**
   * Settles when HA first answers the subscription: resolves once it is in place, rejects with HA's
   * refusal. Stays pending while HA is away. Absent where there is nothing to wait for.
   */
  readonly ready?: Promise<void>;
}

interface Wanted {
  message: { type: string } & Record<string, unknown>;
  onMessage: (message: unknown) => void;
  onError: (error: Error) => void;
  /** The socket it is subscribed (or being subscribed) on; undefined: to subscribe when HA is there. */
  socket?: number;
  /** Unsubscribe on the current socket, once subscribed there. */
  unsubscribe?: () => Promise<void>;
  settle?: { resolve: () => void; reject: (error: Error) => void };
}

/**
 * The subscriptions Cyrene wants, kept across connections and reconnects: made on the connection once
 * it is up, made again on every new socket (after a reconnect of the same connection, or a new
 * connection), and dropped on close. A subscription asked for while HA is away is made when it is back.
 *
 * The websocket library's own renewal is not used: it loses a subscription asked for while the socket
 * is down (the message is never sent), and a renewal HA refuses is an unhandled rejection inside it.
 */
export class Subscriptions {
  private readonly wanted = new Set<Wanted>();
  private conn: Connection | undefined;
  /** Counts sockets: a subscription belongs to the socket it was made on. */
  private socket = 0;

  constructor(private readonly logger: Logger) {}

  add(
    message: Wanted["message"],
    onMessage: (message: unknown) => void,
    onError: (error: Error) => void,
  ): HaSubscription {
    const wanted: Wanted = { message, onMessage, onError };
    const ready = new Promise<void>((resolve, reject) => {
      wanted.settle = { resolve, reject };
    });
    ready.catch(() => undefined); // the refusal also goes to onError; waiting on `ready` is optional
    this.wanted.add(wanted);
    if (this.conn?.connected) this.subscribe(this.conn, wanted);
    return {
      ready,
      close: () => {
        this.wanted.delete(wanted);
        wanted.unsubscribe?.().catch(() => undefined);
        wanted.unsubscribe = undefined;
      },
    };
  }

  /** A new connection: everything wanted is subscribed on it now, and again after each reconnect. */
  attach(conn: Connection): void {
    this.conn = conn;
    this.socket++;
    conn.addEventListener("disconnected", () => {
      if (this.conn !== conn) return;
      // HA forgets a socket's subscriptions with the socket.
      this.socket++;
      for (const wanted of this.wanted) {
        wanted.socket = undefined;
        wanted.unsubscribe = undefined;
      }
    });
    conn.addEventListener("ready", () => this.subscribeAll(conn));
    this.subscribeAll(conn);
  }

  private subscribeAll(conn: Connection): void {
    if (this.conn !== conn || !conn.connected) return;
    for (const wanted of this.wanted) if (wanted.socket !== this.socket) this.subscribe(conn, wanted);
  }

  /** A handler that throws must not take the socket (or the process) down with it. */
  private deliver(wanted: Wanted, message: unknown): void {
    try {
      wanted.onMessage(message);
    } catch (error) {
      this.logger.error({ err: error, type: wanted.message.type }, "a Home Assistant subscriber failed");
    }
  }

  private subscribe(conn: Connection, wanted: Wanted): void {
    const socket = this.socket;
    wanted.socket = socket;
    const current = () => this.wanted.has(wanted) && this.conn === conn && this.socket === socket;
    conn
      .subscribeMessage((message) => current() && this.deliver(wanted, message), wanted.message, {
        resubscribe: false,
      })
      .then((unsubscribe) => {
        if (!current()) {
          // Closed meanwhile (or the socket is gone, and the subscription with it).
          if (this.wanted.has(wanted) || this.socket !== socket) return;
          return void unsubscribe().catch(() => undefined);
        }
        wanted.unsubscribe = unsubscribe;
        wanted.settle?.resolve();
        wanted.settle = undefined;
      })
      .catch((error: unknown) => {
        if (wanted.socket === socket) wanted.socket = undefined; // tried again on the next socket
        if (!this.wanted.has(wanted)) return;
        const failure = toHaError(error, wanted.message.type);
        this.logger.warn(
          { err: failure, type: wanted.message.type },
          "Home Assistant refused a subscription",
        );
        wanted.onError(failure);
        wanted.settle?.reject(failure);
        wanted.settle = undefined;
      });
  }
}
