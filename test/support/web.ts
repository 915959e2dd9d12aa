import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { NetError } from "../../src/net/errors.js";
import { createNetworkGuard, type NetworkGuardOptions } from "../../src/net/guard.js";
import { startWebFixture, type WebFixture } from "../fixtures/web/server.js";

/**
 * Runs a local web fixture for the tests of the calling file: started before all, closed after all, its
 * recorded requests forgotten after each test. The returned object reads through to the running fixture,
 * so it can be kept in a module constant.
 */
export function useWebFixture(): WebFixture {
  let running: WebFixture | undefined;
  const fixture = (): WebFixture => {
    if (!running) throw new Error("the web fixture runs only while the tests do");
    return running;
  };
  beforeAll(async () => {
    running = await startWebFixture();
  });
  afterAll(() => running?.close());
  afterEach(() => {
    if (running) running.requests.length = 0;
  });
  return {
    get origin() {
      return fixture().origin;
    },
    get port() {
      return fixture().port;
    },
    get requests() {
      return fixture().requests;
    },
    requestsTo: (path) => fixture().requestsTo(path),
    serve: (path, body, type) => fixture().serve(path, body, type),
    close: () => fixture().close(),
  };
}

/** A network guard for the fixtures: loopback 127.0.0.1 allowed, nothing else, unless `options` say so. */
export function testGuard(options: Partial<NetworkGuardOptions> = {}) {
  return createNetworkGuard({
    allowHosts: ["127.0.0.1"], // the fixtures live on loopback
    denyHosts: [],
    allowPrivate: false,
    allowSupervisor: false,
    secretsToScrub: [],
    ...options,
  });
}

/** Generous limits for one fetch from a fixture. */
export const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 5 };

/** The `NetError` the promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function expectNetError(promise: Promise<unknown>): Promise<NetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetError);
  return error as NetError;
}
