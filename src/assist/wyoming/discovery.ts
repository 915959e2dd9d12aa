import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../../logging/logger.js";
import { clip } from "../../text/clip.js";

export interface DiscoveryOptions {
  /** http://supervisor in the add-on. */
  supervisorUrl: string;
  token: string;
  /** tcp://<add-on hostname>:<port> */
  uri: string;
  logger: Logger;
  signal?: AbortSignal;
  /** The first wait after a failure; it doubles up to a minute (tests shorten it). */
  firstRetryMs?: number;
}

const MAX_RETRY_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Announces the Wyoming server to Home Assistant through Supervisor discovery ("Discovered" in HA):
 * POST /discovery, again with a growing pause until the Supervisor takes it or `signal` aborts.
 * Never throws: Cyrene works without the announcement, the user can add the entry by hand.
 */
export async function announceWyoming(options: DiscoveryOptions): Promise<void> {
  const { logger, signal } = options;
  const url = `${options.supervisorUrl.replace(/\/+$/, "")}/discovery`;
  let waitMs = options.firstRetryMs ?? 1_000;
  for (let attempt = 1; !signal?.aborted; attempt++) {
    const problem = await post(url, options);
    if (problem === undefined) return;
    if (signal?.aborted) break;
    logger.warn(
      { attempt, retryInMs: waitMs, problem },
      "announcing the Wyoming server to Home Assistant failed; trying again",
    );
    try {
      await sleep(waitMs, undefined, { signal });
    } catch {
      break;
    }
    waitMs = Math.min(waitMs * 2, MAX_RETRY_MS);
  }
  logger.info("stopped announcing the Wyoming server to Home Assistant");
}

/** One attempt: undefined when the Supervisor took it, else what went wrong. */
async function post(url: string, options: DiscoveryOptions): Promise<string | undefined> {
  const timeout = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
      body: JSON.stringify({ service: "wyoming", config: { uri: options.uri } }),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    const body = await res.text();
    if (!res.ok) {
      const hint = res.status === 403 ? " (is wyoming listed under discovery in config.yaml?)" : "";
      return `HTTP ${res.status}${hint}: ${clip(body, 200)}`;
    }
    const uuid = uuidIn(body);
    options.logger.info(
      { uri: options.uri, uuid },
      "announced the Wyoming server: Home Assistant shows Cyrene under Settings → Devices & services → Discovered",
    );
    return undefined;
  } catch (error) {
    if (timeout.aborted) return `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
    // fetch says only "fetch failed"; the cause names it (ECONNREFUSED, ENOTFOUND …).
    const cause = (error as Error).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
}

function uuidIn(body: string): string | undefined {
  try {
    const uuid = (JSON.parse(body) as { data?: { uuid?: unknown } }).data?.uuid;
    return typeof uuid === "string" ? uuid : undefined;
  } catch {
    return undefined;
  }
}
