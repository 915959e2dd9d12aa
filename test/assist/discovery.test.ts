import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { announceMcp, announceWyoming } from "../../src/assist/discovery.js";
import { createLogger } from "../../src/logging/logger.js";

interface Recorded {
  method?: string;
  url?: string;
  authorization?: string;
  body: unknown;
}

/** A stand-in for the Supervisor's /discovery: answers each POST with the next status given. */
async function supervisor(...statuses: number[]) {
  const requests: Recorded[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      requests.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        body: JSON.parse(body),
      });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          status === 200
            ? { result: "ok", data: { uuid: "5f2c0d1e" } }
            : { result: "error", message: "not yet" },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A logger whose lines the test can read. */
function recordingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: createLogger("debug", { destination, pretty: false }), lines };
}

describe("announcing the Wyoming server through Supervisor discovery", () => {
  it("posts the service and its uri with the Supervisor token, and logs the uuid", async () => {
    const stand = await supervisor(200);
    const { logger, lines } = recordingLogger();
    await announceWyoming({
      supervisorUrl: `${stand.url}/`,
      token: "supervisor-token-123",
      uri: "tcp://a1b2c3d4-cyrene:10600",
      logger,
    });
    expect(stand.requests).toEqual([
      {
        method: "POST",
        url: "/discovery",
        authorization: "Bearer supervisor-token-123",
        body: { service: "wyoming", config: { uri: "tcp://a1b2c3d4-cyrene:10600" } },
      },
    ]);
    expect(lines.at(-1)).toMatchObject({ msg: expect.stringMatching(/^announced/), uuid: "5f2c0d1e" });
  });

  it("announces the MCP server as HA's mcp integration reads it (HA 2026.10+): its url", async () => {
    const stand = await supervisor(200);
    const { logger, lines } = recordingLogger();
    await announceMcp({
      supervisorUrl: stand.url,
      token: "supervisor-token-123",
      url: "http://a1b2c3d4-cyrene:11434/mcp",
      logger,
    });
    expect(stand.requests).toEqual([
      {
        method: "POST",
        url: "/discovery",
        authorization: "Bearer supervisor-token-123",
        body: { service: "mcp", config: { url: "http://a1b2c3d4-cyrene:11434/mcp" } },
      },
    ]);
    expect(lines.at(-1)).toMatchObject({ msg: expect.stringMatching(/^announced the MCP server/) });
  });

  it("tries again with a growing pause after failures until the Supervisor takes it", async () => {
    const stand = await supervisor(500, 503);
    const { logger, lines } = recordingLogger();
    await announceWyoming({
      supervisorUrl: stand.url,
      token: "t",
      uri: "tcp://h:1",
      logger,
      firstRetryMs: 20,
    });
    expect(stand.requests).toHaveLength(3);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings.map((line) => [line.attempt, line.retryInMs])).toEqual([
      [1, 20],
      [2, 40],
    ]);
    expect(warnings[0]!.problem).toMatch(/^HTTP 500: .*not yet/);
  });

  it("keeps trying while the Supervisor is unreachable, and stops when aborted, without throwing", async () => {
    const stand = await supervisor();
    servers.pop()!.close(); // nothing listens there any more
    const controller = new AbortController();
    const { logger, lines } = recordingLogger();
    const announcing = announceWyoming({
      supervisorUrl: stand.url,
      token: "t",
      uri: "tcp://h:1",
      logger,
      signal: controller.signal,
      firstRetryMs: 10,
    });
    await expect.poll(() => lines.filter((line) => line.level === 40).length).toBeGreaterThanOrEqual(3);
    controller.abort();
    await expect(announcing).resolves.toBeUndefined();
    expect(lines.at(-1)!.msg).toMatch(/^stopped announcing/);
    expect(lines.find((line) => line.level === 40)!.problem).toMatch(/ECONNREFUSED/);
    const attempts = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines).toHaveLength(attempts);
  });

  it("stops at once when aborted while waiting for the next try", async () => {
    const stand = await supervisor(500);
    const controller = new AbortController();
    const { logger } = recordingLogger();
    const announcing = announceWyoming({
      supervisorUrl: stand.url,
      token: "t",
      uri: "tcp://h:1",
      logger,
      signal: controller.signal,
      firstRetryMs: 60_000,
    });
    await expect.poll(() => stand.requests.length).toBe(1);
    controller.abort();
    await announcing;
    expect(stand.requests).toHaveLength(1);
  });
});
