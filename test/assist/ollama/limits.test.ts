import type { Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { Ollama } from "ollama";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOllamaServer, type OllamaServerLimits } from "../../../src/assist/ollama/server.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { haChatBody, postChat, user } from "./ha-client.js";

/** A raw connection and everything the server sends on it until it closes. */
interface Raw {
  socket: Socket;
  closed: boolean;
  /** What arrived so far. */
  text: string;
  received: Promise<string>;
}

let h: Harness;
const servers: Server[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startHarness({ assist: true, tools: testTools().tools });
});
afterAll(() => h.close());
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

async function serve(limits: Partial<OllamaServerLimits>): Promise<number> {
  const server = createOllamaServer(h.cyrene.ollama, limits);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function open(port: number, localAddress = "127.0.0.1"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress }, () => {
      const raw: Raw = {
        socket,
        closed: false,
        text: "",
        received: new Promise((done) => {
          socket.on("data", (chunk) => (raw.text += chunk.toString()));
          socket.on("close", () => {
            raw.closed = true;
            done(raw.text);
          });
        }),
      };
      resolve(raw);
    });
    sockets.push(socket);
    socket.on("error", () => undefined);
    socket.once("error", reject);
  });
}

/** The status and JSON body of the one response a connection received before it closed. */
async function response(raw: Raw): Promise<{ status: number; body: unknown }> {
  const text = await raw.received;
  const [head, body] = text.split("\r\n\r\n");
  return { status: Number(head!.split(" ")[1]), body: JSON.parse(body!) };
}

/** Sends `text` a byte at a time until the connection closes. */
function drip(raw: Raw, text: string): void {
  let at = 0;
  const timer = setInterval(() => {
    if (raw.closed || at >= text.length) return clearInterval(timer);
    raw.socket.write(text[at++]!);
  }, 20);
}

const POST_HEADERS = (length: number) =>
  `POST /api/chat HTTP/1.1\r\nHost: cyrene\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("the Ollama port's limits", () => {
  const quick = { headersTimeoutMs: 300, requestTimeoutMs: 400, checkIntervalMs: 50 };

  it("cuts a body dripped in slower than the request timeout, with Ollama's error shape", async () => {
    const port = await serve(quick);
    const body = JSON.stringify(haChatBody([user("hello")]));
    const raw = await open(port);
    raw.socket.write(POST_HEADERS(Buffer.byteLength(body)));
    drip(raw, body);
    expect(await response(raw)).toEqual({
      status: 408,
      body: { error: expect.stringMatching(/did not arrive in time .*within 0.4 s/) },
    });
    expect(h.llm.requests).toHaveLength(0);
  });

  it("cuts headers dripped in slower than the headers timeout", async () => {
    const port = await serve(quick);
    const raw = await open(port);
    drip(raw, POST_HEADERS(10) + "X-Slow: " + "s".repeat(1_000));
    expect((await response(raw)).status).toBe(408);
  });

  it("lets an answer stream for longer than the request timeout once the request has arrived", async () => {
    const port = await serve(quick);
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 800 } }] }, { text: "睡好了。" });
    const reply = await postChat(`http://127.0.0.1:${port}`, haChatBody([user("睡一会儿")]));
    expect(reply.status).toBe(200);
    expect(reply.lines.at(-1)).toMatchObject({ done: true, done_reason: "stop" });
    expect(reply.lines.map((line) => line.message.content).join("")).toBe("睡好了。");
  });

  it("holds one source to its share of requests: one over it gets 503 with Retry-After, another source gets in", async () => {
    const port = await serve({ maxRequests: 3, maxPerSource: 2 });
    const [first, second] = [await open(port, "127.0.0.2"), await open(port, "127.0.0.2")];
    // Both start a request whose body never comes: two requests of this source are under way.
    for (const raw of [first, second]) {
      raw.socket.write(`${POST_HEADERS(100).slice(0, -2)}Expect: 100-continue\r\n\r\n`);
      await expect.poll(() => raw.text).toContain("100 Continue");
    }
    const third = await open(port, "127.0.0.2");
    third.socket.write(`GET /api/tags HTTP/1.1\r\nHost: cyrene\r\n\r\n`);
    expect(await response(third)).toEqual({
      status: 503,
      body: { error: expect.stringMatching(/try again in a moment/) },
    });
    expect(third.text).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(third.text).toMatch(/\r\nConnection: close\r\n/i);
    // Under /v1 the refusal is OpenAI's shape.
    const openAi = await open(port, "127.0.0.2");
    openAi.socket.write(`GET /v1/models HTTP/1.1\r\nHost: cyrene\r\n\r\n`);
    expect(await response(openAi)).toMatchObject({ status: 503, body: { error: { code: "busy" } } });
    expect(first.closed || second.closed).toBe(false);
    expect((await fetchFrom(port, "127.0.0.1", "/api/tags")).status).toBe(200);
  });

  it("answers a connection over the last-resort cap with 503 and Retry-After, reading what it sends", async () => {
    const port = await serve({ maxConnections: 2 });
    const held = [await open(port), await open(port)];
    const over = await open(port);
    over.socket.write(`POST /api/chat HTTP/1.1\r\nHost: cyrene\r\nContent-Length: 2\r\n\r\n{}`);
    expect(await response(over)).toEqual({
      status: 503,
      body: { error: expect.stringMatching(/Too many connections/) },
    });
    expect(over.text).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(held.filter((raw) => raw.closed)).toHaveLength(0);
    expect(h.llm.requests).toHaveLength(0);
  });

  it("never closes an idle kept-alive connection to make room: each still carries its next request", async () => {
    const port = await serve({ maxRequests: 2, maxPerSource: 2 });
    const idle = [];
    for (let i = 0; i < 5; i++) idle.push(await open(port, "127.0.0.2"));
    expect((await fetchFrom(port, "127.0.0.1", "/api/tags")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(idle.filter((raw) => raw.closed)).toHaveLength(0);
    for (const raw of idle) {
      raw.socket.write(`GET /api/tags HTTP/1.1\r\nHost: cyrene\r\nConnection: close\r\n\r\n`);
      expect((await response(raw)).status).toBe(200);
    }
  });
});

async function fetchFrom(port: number, localAddress: string, path: string): Promise<{ status: number }> {
  const raw = await open(port, localAddress);
  raw.socket.write(`GET ${path} HTTP/1.1\r\nHost: cyrene\r\nConnection: close\r\n\r\n`);
  const text = await raw.received;
  return { status: Number(text.split(" ")[1]) };
}

describe("a burst on the Ollama port", () => {
  it(
    "answers bursts of 200 and more concurrent turns from one source (share 64) with a reply or a 503 and Retry-After, never a reset",
    { timeout: 60_000 },
    async () => {
      const port = await serve({});
      h.llm.setFallback({ text: "好了。" });
      const retryAfter: (string | null)[] = [];
      const client = new Ollama({
        host: `http://127.0.0.1:${port}`,
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (res.status !== 200) retryAfter.push(res.headers.get("retry-after"));
          return res;
        },
      });
      const burst = (size: number, round: number) =>
        Promise.all(
          Array.from({ length: size }, (_, i) =>
            client
              .chat({
                model: "cyrene:latest",
                stream: false,
                messages: [{ role: "user", content: `第 ${round}.${i} 句` }],
              })
              .then(
                (reply) => (reply.message.content === "好了。" ? "served" : `odd: ${reply.message.content}`),
                (error: Error & { status_code?: number; cause?: { code?: string } }) =>
                  error.status_code === 503 && /try again in a moment/.test(error.message)
                    ? "busy"
                    : `failed: ${error.status_code ?? ""} ${error.cause?.code ?? ""} ${error.message}`,
              ),
          ),
        );
      // The first burst opens 200 connections; the next ones reuse them, kept alive, and open more.
      const outcomes = [...(await burst(200, 1)), ...(await burst(200, 2)), ...(await burst(250, 3))];
      const counts: Record<string, number> = {};
      for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
      console.log("bursts of 200, 200 and 250 concurrent turns from one source (share 64):", counts);
      expect(outcomes.filter((o) => o !== "served" && o !== "busy")).toEqual([]);
      expect(outcomes.filter((o) => o === "served").length).toBeGreaterThanOrEqual(3 * 64);
      expect(retryAfter.every((value) => value === "1")).toBe(true);
      h.llm.setFallback(undefined);
    },
  );
});
