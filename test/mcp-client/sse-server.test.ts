import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config/load.js";
import { createLogger } from "../../src/logging/logger.js";
import { createMcpClients, type McpServerStatus, type McpTool } from "../../src/mcp-client/index.js";
import { addTool, failingTool, text } from "../fixtures/mcp-server/fixture-server.js";
import { SdkSseMcpServer } from "../fixtures/mcp-server/sse-server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { json, postChat } from "../support/http.js";
import { until } from "../support/until.js";

const TOKEN = "legacy-sse-secret-token";
const API_KEY = "legacy-key-123456";

const legacyTools = [addTool, failingTool("the tape drive is jammed")];

/** A server that speaks no MCP at all: every request gets `status` (and is counted). */
async function refusingServer(
  status = 404,
  reason = "Not Found",
): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(status).end(reason);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, requests };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * Cyrene as an MCP client of servers that speak only the deprecated HTTP+SSE transport (the official SDK's
 * SSEServerTransport): the fallback from Streamable HTTP, a forced transport, a server that refuses both,
 * and reconnection, listChanged and Status over SSE.
 */
describe("Cyrene as an MCP client of HTTP+SSE-only servers", () => {
  let h: Harness;
  let legacy: SdkSseMcpServer;
  let forced: SdkSseMcpServer;
  let refusing: Awaited<ReturnType<typeof refusingServer>>;

  const status = (name: string) => h.cyrene.mcpClients.status().find((s) => s.name === name)!;
  const chat = (message: string) => postChat(h.url, message);

  beforeAll(async () => {
    legacy = await new SdkSseMcpServer(legacyTools).start();
    forced = await new SdkSseMcpServer([legacyTools[0]!]).start();
    refusing = await refusingServer();
    const servers = [
      { name: "legacy", url: legacy.url, token: TOKEN, headers: [`X-Api-Key: ${API_KEY}`] },
      { name: "forced", url: forced.url, transport: "sse" },
      { name: "refusing", url: refusing.url },
    ];
    h = await startHarness({
      env: { CYRENE_MCP_SERVERS: JSON.stringify(servers) },
      mcpBackoff: { firstMs: 100, maxMs: 400 },
    });
    await until("legacy and forced connected, refusing down", () =>
      h.cyrene.mcpClients
        .status()
        .every((s) => (s.name === "refusing" ? s.state === "down" : s.state === "connected")),
    );
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all([legacy?.stop(), forced?.stop(), stopServer(refusing?.server)]);
  });

  it("auto: the server refuses the Streamable HTTP POST with a 4xx, so Cyrene speaks HTTP+SSE; Status says so", async () => {
    expect(status("legacy")).toMatchObject({ state: "connected", transport: "sse", tools: 2 });
    const [first, second] = legacy.requests;
    expect(first).toMatchObject({ method: "POST", path: "/sse" });
    expect(second).toMatchObject({ method: "GET", path: "/sse" });
    const servers = (await json(fetch(`${h.url}/api/status`))).tools as { mcp_servers: McpServerStatus[] };
    expect(servers.mcp_servers.find((s) => s.name === "legacy")).toMatchObject({ transport: "sse" });
  });

  it("sends the token and headers on the SSE stream's GET and on every POST, and shows them nowhere", async () => {
    const sse = legacy.requests.filter((r) => r.path !== "/sse" || r.method === "GET");
    expect(sse.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["GET /sse", "POST /messages"]),
    );
    for (const request of sse)
      expect(request).toMatchObject({ authorization: `Bearer ${TOKEN}`, apiKey: API_KEY });
    const everything = JSON.stringify(await json(fetch(`${h.url}/api/status`)));
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(API_KEY);
  });

  it("lists the tools and calls one in a turn; an isError result comes back as an error the turn goes on with", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "legacy__add", arguments: { a: 40, b: 2 } },
          { name: "legacy__fail", arguments: {} },
        ],
      },
      { text: "42, and the tape drive is jammed." },
    );
    const reply = await chat("add, then back up");
    const offered = h.llm.requests[0]!.body.tools!.map((tool) => tool.function.name);
    expect(offered).toEqual(expect.arrayContaining(["legacy__add", "legacy__fail", "forced__add"]));
    expect(reply).toMatchObject({
      reply: "42, and the tape drive is jammed.",
      tool_calls: [
        { name: "legacy__add", result: { success: true, data: { sum: 42 } } },
        { name: "legacy__fail", result: { success: false, error: "the tape drive is jammed" } },
      ],
    });
    expect(JSON.stringify(h.llm.requests)).not.toContain(TOKEN);
  });

  it('transport: "sse" goes straight to the SSE stream, without the Streamable HTTP POST', async () => {
    expect(status("forced")).toMatchObject({ state: "connected", transport: "sse", tools: 1 });
    expect(forced.requests[0]).toMatchObject({ method: "GET", path: "/sse" });
    expect(forced.requests.some((r) => r.method === "POST" && r.path === "/sse")).toBe(false);
    h.llm.script({ toolCalls: [{ name: "forced__add", arguments: { a: 1, b: 2 } }] }, { text: "3" });
    const reply = await chat("forced add");
    expect(reply.tool_calls).toMatchObject([
      { name: "forced__add", result: { success: true, data: { sum: 3 } } },
    ]);
  });

  it("a server that refuses both transports: the start goes on, Status says why each failed, and it is retried", async () => {
    // Between its retries it is "connecting"; it is read while down.
    const down = await until("refusing down", () => {
      const now = status("refusing");
      return now.state === "down" && now;
    });
    expect(down).toMatchObject({ state: "down", tools: 0 });
    expect(down.transport).toBeUndefined();
    expect(down.error).toBe("Streamable HTTP: HTTP 404 Not Found; HTTP+SSE: HTTP 404");
    expect(down.retryAt).toBeGreaterThan(0);
    await until(
      "refusing tried again",
      () => refusing.requests.filter((r) => r.startsWith("POST")).length >= 2,
    );
    expect(refusing.requests.slice(0, 2)).toEqual(["POST /mcp", "GET /mcp"]);
    // Its tools are not offered; the other servers' are (the turn in the test above ran meanwhile).
    expect(h.cyrene.registry.names().some((name) => name.startsWith("refusing__"))).toBe(false);
  });

  it("a listChanged notification over the SSE stream refreshes the list", async () => {
    legacy.addTool({
      name: "added",
      description: "Added later.",
      inputSchema: z.object({}),
      handler: async () => text("new legacy tool works"),
    });
    await until("legacy__added registered", () => h.cyrene.registry.names().includes("legacy__added"));
    h.llm.script({ toolCalls: [{ name: "legacy__added", arguments: {} }] }, { text: "done" });
    const reply = await chat("use the new tool");
    expect(reply.tool_calls).toMatchObject([
      { name: "legacy__added", result: { success: true, data: "new legacy tool works" } },
    ]);
  });

  it("a server that goes away: its tools are unavailable, and it is reconnected over SSE when it is back", async () => {
    const before = legacy.requests.length;
    await legacy.stop();
    await until("legacy down", () => status("legacy").state === "down");
    h.llm.script({ toolCalls: [{ name: "legacy__add", arguments: { a: 1, b: 1 } }] }, { text: "it is away" });
    const away = await chat("add while away");
    expect(JSON.stringify(away.tool_calls)).toMatch(/legacy__add.*unavailable.*not reachable/);
    await legacy.start();
    await until("legacy reconnected", () => status("legacy").state === "connected");
    expect(status("legacy")).toMatchObject({ transport: "sse", tools: 3 });
    expect(legacy.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toContain("GET /sse");
    h.llm.script({ toolCalls: [{ name: "legacy__add", arguments: { a: 2, b: 2 } }] }, { text: "4" });
    const back = await chat("add again");
    expect(back.tool_calls).toMatchObject([
      { name: "legacy__add", result: { success: true, data: { sum: 4 } } },
    ]);
  });
});

describe("the MCP client's log, with either transport", () => {
  let legacy: SdkSseMcpServer;
  let locked: Awaited<ReturnType<typeof refusingServer>>;

  beforeAll(async () => {
    legacy = await new SdkSseMcpServer(legacyTools).start();
    locked = await refusingServer(401, "Unauthorized");
  });
  afterAll(async () => {
    await Promise.all([legacy?.stop(), stopServer(locked?.server)]);
  });

  it("never holds the token or a header's value, even at trace level and with no scrubbing", async () => {
    let logged = "";
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    // No `secrets`: the lines themselves must not carry them, not only the scrubber.
    const logger = createLogger("trace", { destination: sink });
    const servers = [
      { name: "legacy", url: legacy.url, token: TOKEN, headers: { "X-Api-Key": API_KEY } },
      { name: "strict", url: legacy.url, token: TOKEN, transport: "streamable-http" },
      { name: "locked", url: locked.url, token: TOKEN, headers: { "X-Api-Key": API_KEY } },
    ];
    const config = loadConfig({
      optionsPath: "/nonexistent/options.json",
      env: { CYRENE_DATA_DIR: "/tmp/cyrene-mcp-sse-log", CYRENE_MCP_SERVERS: JSON.stringify(servers) },
    });
    const clients = createMcpClients(config, logger, { firstMs: 100, maxMs: 400 });
    const tools = new Map<string, McpTool[]>();
    clients.start((server, list) => tools.set(server, list));
    try {
      await until("legacy connected, strict and locked down", () => {
        const states = Object.fromEntries(clients.status().map((s) => [s.name, s.state]));
        return states.legacy === "connected" && states.strict === "down" && states.locked === "down";
      });
      const add = tools.get("legacy")!.find((tool) => tool.original === "add")!;
      expect(await add.call({ a: 1, b: 2 }, new AbortController().signal)).toEqual({
        ok: true,
        data: { sum: 3 },
      });
      // A forced transport is not second-guessed: the SSE-only server's 405 is the answer, with the setting
      // named. A 401 is a 4xx too (the spec's rule), so auto tries SSE as well; both say what to check.
      const error = (name: string) => clients.status().find((s) => s.name === name)!.error;
      expect(error("strict")).toBe(
        "Streamable HTTP: HTTP 405 Method Not Allowed (transport: streamable-http)",
      );
      expect(error("locked")).toBe(
        "Streamable HTTP: HTTP 401 Unauthorized (check the token and headers); " +
          "HTTP+SSE: HTTP 401 (check the token and headers)",
      );
    } finally {
      await clients.close();
    }
    expect(logged).toMatch(/MCP server connected/);
    expect(logged).toMatch(/"transport":"sse"/);
    expect(logged).toMatch(/MCP server unreachable/);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(API_KEY);
  });
});
