import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../logging/logger.js";
import { clip } from "../text/clip.js";

export interface DiscoveryOptions {
  /** http://supervisor in the add-on. */
  supervisorUrl: string;
  token: string;
  logger: Logger;
  signal?: AbortSignal;
  /** The first wait after a failure; it doubles up to a minute (tests shorten it). */
  firstRetryMs?: number;
}

const MAX_RETRY_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

/** A service announced through Supervisor discovery, as HA's integration for it reads it. */
interface Announced {
  /** The discovery service: the HA integration whose `async_step_hassio` takes it. */
  service: "wyoming" | "mcp";
  config: Record<string, string>;
  /** What is announced, for the log. */
  what: string;
}

/**
 * Announces the Wyoming server to Home Assistant through Supervisor discovery ("Discovered" in HA):
 * `{"service": "wyoming", "config": {"uri": "tcp://<add-on hostname>:<port>"}}`.
 */
export function announceWyoming(options: DiscoveryOptions & { uri: string }): Promise<void> {
  return announce(options, { service: "wyoming", config: { uri: options.uri }, what: "the Wyoming server" });
}

/**
 * Announces Cyrene's MCP server (/mcp on the Assist port) to Home Assistant 2026.10+, whose `mcp`
 * integration takes an app's MCP server from Supervisor discovery (homeassistant/components/mcp/
 * config_flow.py `async_step_hassio`: `config.url`, confirmed by the user in one click):
 * `{"service": "mcp", "config": {"url": "http://<add-on hostname>:<port>/mcp"}}`. HA's network reaches
 * it without a token, as the household.
 */
export function announceMcp(options: DiscoveryOptions & { url: string }): Promise<void> {
  return announce(options, { service: "mcp", config: { url: options.url }, what: "the MCP server" });
}

/**
 * POST /discovery, again with a growing pause until the Supervisor takes it or `signal` aborts.
 * Never throws: Cyrene works without the announcement, the user can add the entry by hand.
 */
async function announce(options: DiscoveryOptions, announced: Announced): Promise<void> {
  const { logger, signal } = options;
  const url = `${options.supervisorUrl.replace(/\/+$/, "")}/discovery`;
  let waitMs = options.firstRetryMs ?? 1_000;
  for (let attempt = 1; !signal?.aborted; attempt++) {
    const problem = await post(url, options, announced);
    if (problem === undefined) return;
    if (signal?.aborted) break;
    logger.warn(
      { attempt, retryInMs: waitMs, problem },
      `announcing ${announced.what} to Home Assistant failed; trying again`,
    );
    try {
      await sleep(waitMs, undefined, { signal });
    } catch {
      break;
    }
    waitMs = Math.min(waitMs * 2, MAX_RETRY_MS);
  }
  logger.info(`stopped announcing ${announced.what} to Home Assistant`);
}

/** One attempt: undefined when the Supervisor took it, else what went wrong. */
async function post(
  url: string,
  options: DiscoveryOptions,
  { service, config, what }: Announced,
): Promise<string | undefined> {
  const timeout = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
      body: JSON.stringify({ service, config }),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    const body = await res.text();
    if (!res.ok) {
      const hint = res.status === 403 ? ` (is ${service} listed under discovery in config.yaml?)` : "";
      return `HTTP ${res.status}${hint}: ${clip(body, 200)}`;
    }
    const uuid = uuidIn(body);
    options.logger.info(
      { ...config, uuid },
      `announced ${what}: Home Assistant shows Cyrene under Settings → Devices & services → Discovered`,
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
