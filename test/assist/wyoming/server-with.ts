import type { AddressInfo, Server } from "node:net";
import { createWyomingServer, type WyomingDeps } from "../../../src/assist/wyoming/server.js";
import { silentLogger } from "../../../src/logging/logger.js";
import { allowAllTools } from "../../../src/tools/policy.js";
import type { Harness } from "../../support/harness.js";

/** Another Wyoming server on the harness's Cyrene, with settings of the test's own, listening on `host`. */
export async function wyomingServerWith(
  h: Harness,
  overrides: Partial<WyomingDeps>,
  host = "127.0.0.1",
): Promise<{ server: Server; port: number }> {
  const server = createWyomingServer({
    assistant: h.cyrene.assistant,
    policy: allowAllTools,
    logger: silentLogger(),
    deadlineMs: h.config.assist.deadlineMs,
    rules: { addon: false, allowNetworks: [] },
    languages: h.config.assist.languages,
    version: "test",
    ...overrides,
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
