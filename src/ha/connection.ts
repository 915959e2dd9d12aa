import { subscribeEntities, type Connection } from "home-assistant-js-websocket";
import type { Logger } from "../logging/logger.js";
import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";
import { withTimeout } from "../time/timeout.js";
import { ConnectionStatus } from "./connection-status.js";
import {
  HaAuthError,
  HaServiceTimeoutError,
  HaUnavailableError,
  tokenRejectedReason,
  toHaError,
} from "./errors.js";
import type { Command } from "./fetch.js";
import { HomeData, type Part } from "./home-data.js";
import { watchRegistries } from "./registry-events.js";
import type { HaConnectionSettings } from "./settings.js";
import { openConnection } from "./socket.js";
import { StateCache } from "./state-cache.js";
import { Subscriptions } from "./subscriptions.js";

export interface ConnectionOptions {
  logger: Logger;
  /** Per websocket command (default 10 s). */
  commandTimeoutMs?: number;
  /** Re-read the exposure settings this often (default 60 s). */
  exposureRefreshMs?: number;
  /** What stamps the status changes (default: the system's; compose gives the home's clock). */
  clock?: Pick<HomeTime, "now">;
}

const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One websocket connection to HA, kept alive in the background: connects without blocking start-up,
 * reconnects with backoff (the library's own reconnect, plus ours when it gives up), re-reads the
 * registries after every reconnect, and reports "unavailable" at once while HA is away. What it has
 * read (the states, the registries) and the subscriptions wanted on it live here, across reconnects.
 */
export class HaConnection {
  readonly status: ConnectionStatus;
  readonly cache = new StateCache();
  readonly data: HomeData;
  readonly subscriptions: Subscriptions;
  private conn: Connection | undefined;
  private closed = false;
  private attempt = 0;
  /** Bumped on every (re)connect and disconnect, so late answers of an older sync are dropped. */
  private generation = 0;
  private synced = -1;
  /** HA refused the token on the last try: errors name the setting to fix, not "try again". */
  private tokenRejected = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Map<Part | "all", NodeJS.Timeout>();
  private readonly log: Logger;
  private readonly clock: Pick<HomeTime, "now">;

  constructor(
    private readonly settings: HaConnectionSettings | undefined,
    private readonly options: ConnectionOptions,
  ) {
    this.log = options.logger.child({ component: "ha" });
    this.clock = options.clock ?? systemClock;
    this.subscriptions = new Subscriptions(this.log);
    this.data = new HomeData(settings?.exposeAll ?? false, (error) =>
      this.log.warn(
        { err: toHaError(error, "expose list") },
        "cannot read Assist exposure; using HA's defaults",
      ),
    );
    this.status = new ConnectionStatus(
      settings ? { state: "connecting", since: this.clock.now() } : { state: "not_configured" },
    );
    if (!settings) return;
    void this.connect();
    this.every(() => {
      if (this.status.current.state === "ready") this.schedule("exposure", 0);
    }, options.exposureRefreshMs ?? 60_000);
  }

  /** Sends one websocket command; rejects with an HaError (unavailable at once while HA is away). */
  command<T>(type: string, payload: Record<string, unknown> = {}, timeoutMs?: number): Promise<T> {
    const conn = this.conn;
    if (!conn?.connected) {
      const status = this.status.current;
      const reason = status.state === "unavailable" ? status.reason : "not connected";
      return Promise.reject(this.unavailable(reason));
    }
    const sent = conn.sendMessagePromise<T>({ type, ...payload }).catch((error: unknown) => {
      throw toHaError(error, type);
    });
    const ms = timeoutMs ?? this.options.commandTimeoutMs ?? 10_000;
    // A lost connection rejects `sent` first (unavailable); a timeout means HA is still at it.
    return withTimeout(sent, ms, () => {
      throw type === "call_service"
        ? new HaServiceTimeoutError(ms / 1000)
        : new HaUnavailableError(`${type} timed out after ${ms / 1000} s`);
    });
  }

  commander(): Command {
    return (type, payload) => this.command(type, payload);
  }

  /** The error for "HA is away": the token to fix when HA refused it, else the reason given. */
  unavailable(reason: string): HaUnavailableError {
    return this.tokenRejected ? new HaAuthError(this.settings!.mode) : new HaUnavailableError(reason);
  }

  /** Reads one part of the home again now (everything, before the first sync). */
  refresh(part: Part | "all"): Promise<void> {
    if (part === "all" || !this.data.loaded) return this.sync();
    return this.data.refresh(part, this.commander());
  }

  close(): void {
    this.closed = true;
    for (const timer of [...this.timers, ...this.pending.values()]) clearTimeout(timer);
    this.conn?.close();
    this.cache.releaseWaiters();
    this.status.set({ state: "unavailable", since: this.clock.now(), reason: "closed" });
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { wsUrl, token } = this.settings!;
    const opening = openConnection(wsUrl, token, 5_000);
    try {
      const timedOut = () => {
        throw new HaUnavailableError("connecting timed out after 15 s");
      };
      const conn = await withTimeout(opening, 15_000, timedOut).catch((error: unknown) => {
        opening.then((late) => late.close()).catch(() => undefined);
        throw error;
      });
      if (this.closed) return conn.close();
      this.attempt = 0;
      this.attach(conn);
    } catch (error) {
      this.tokenRejected = error === 2;
      const { mode } = this.settings!;
      const reason = this.tokenRejected ? tokenRejectedReason(mode) : `cannot connect to ${hostOf(wsUrl)}`;
      const delay = RETRY_DELAYS_MS[Math.min(this.attempt++, RETRY_DELAYS_MS.length - 1)]!;
      if (this.attempt === 1 || this.attempt % 10 === 0) {
        if (this.tokenRejected) this.log.error({ retryInMs: delay }, reason);
        else this.log.warn({ reason, retryInMs: delay }, "Home Assistant not reachable");
      }
      this.status.set({ state: "unavailable", since: this.clock.now(), reason });
      this.later(() => void this.connect(), delay);
    }
  }

  private attach(conn: Connection): void {
    this.conn = conn;
    this.tokenRejected = false;
    this.log.info({ url: this.settings!.wsUrl, version: conn.haVersion }, "connected to Home Assistant");
    conn.addEventListener("disconnected", () => {
      this.generation++;
      this.cache.received = false;
      this.cache.releaseWaiters();
      this.status.set({
        state: "unavailable",
        since: this.clock.now(),
        reason: "connection lost, reconnecting",
      });
      this.log.warn("lost the connection to Home Assistant; reconnecting");
    });
    conn.addEventListener("ready", () => {
      this.log.info({ version: conn.haVersion }, "reconnected to Home Assistant");
      void this.sync();
    });
    conn.addEventListener("reconnect-error", () => {
      // The library gives up only on a rejected token; keep trying slowly (the token may be fixed).
      conn.close();
      this.conn = undefined;
      this.tokenRejected = true;
      const reason = tokenRejectedReason(this.settings!.mode);
      this.log.error(reason);
      this.status.set({ state: "unavailable", since: this.clock.now(), reason });
      this.later(() => void this.connect(), 30_000);
    });
    this.subscriptions.attach(conn);
    subscribeEntities(conn, (states) => {
      this.cache.update(states);
      if (this.synced === this.generation) this.markReady();
    });
    watchRegistries(conn, (part, delayMs) => this.schedule(part, delayMs), this.log);
    void this.sync();
  }

  /** Reads everything but the states (which stream in through the subscription). */
  private async sync(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation && !this.closed;
    try {
      const config = await this.data.load(this.commander(), current);
      if (!config) return;
      if (config.state !== "RUNNING") {
        this.status.set({
          state: "unavailable",
          since: this.clock.now(),
          reason: "Home Assistant is starting",
        });
        this.schedule("all", 3_000);
        return;
      }
      this.synced = generation;
      if (this.cache.received) this.markReady();
    } catch (error) {
      if (!current()) return;
      const reason = `could not read the registries: ${toHaError(error, "sync").message}`;
      this.log.warn({ reason }, "Home Assistant sync failed; retrying");
      this.status.set({ state: "unavailable", since: this.clock.now(), reason });
      if (this.conn?.connected) this.schedule("all", 5_000);
    }
  }

  private markReady(): void {
    if (this.status.current.state === "ready") return;
    this.status.set({ state: "ready", since: this.clock.now(), version: this.conn?.haVersion ?? "unknown" });
  }

  /** Re-reads one part after a change event (debounced per part). */
  private schedule(part: Part | "all", delayMs: number): void {
    if (this.pending.has(part) || this.closed) return;
    const timer = setTimeout(() => {
      this.pending.delete(part);
      this.refresh(part).catch((error: unknown) =>
        this.log.warn({ err: toHaError(error, part), part }, "Home Assistant refresh failed"),
      );
    }, delayMs);
    this.pending.set(part, timer);
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private every(fn: () => void, ms: number): void {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.add(timer);
  }
}

function hostOf(wsUrl: string): string {
  try {
    return new URL(wsUrl).host;
  } catch {
    return wsUrl;
  }
}
