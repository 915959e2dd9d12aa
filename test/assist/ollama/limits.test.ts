import type { Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
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

  it("holds one source to its share: its oldest idle connection gives way, then busy ones refuse", async () => {
    const port = await serve({ maxConnections: 3, maxPerSource: 2 });
    const [first, second] = [await open(port, "127.0.0.2"), await open(port, "127.0.0.2")];
    const third = await open(port, "127.0.0.2");
    await expect.poll(() => first.closed).toBe(true);
    expect(second.closed || third.closed).toBe(false);
    // Both now start a request whose body never comes: they are busy, so a newcomer of theirs is refused.
    for (const raw of [second, third]) {
      raw.socket.write(`${POST_HEADERS(100).slice(0, -2)}Expect: 100-continue\r\n\r\n`);
      await expect.poll(() => raw.text).toContain("100 Continue");
    }
    const refused = await response(await open(port, "127.0.0.2"));
    expect(refused).toEqual({ status: 503, body: { error: expect.stringMatching(/Too many connections/) } });
    expect(second.closed || third.closed).toBe(false);
    // Another source still gets in while the flooding one is at its share.
    const tags = await fetchFrom(port, "127.0.0.1", "/api/tags");
    expect(tags.status).toBe(200);
  });

  it("makes room for a new source when full by closing an idle kept-alive connection", async () => {
    const port = await serve({ maxConnections: 2, maxPerSource: 2 });
    const idle = [await open(port, "127.0.0.2"), await open(port, "127.0.0.2")];
    expect((await fetchFrom(port, "127.0.0.1", "/api/tags")).status).toBe(200);
    await expect.poll(() => idle.filter((raw) => raw.closed).length).toBe(1);
    expect(idle[0]!.closed).toBe(true);
  });
});

async function fetchFrom(port: number, localAddress: string, path: string): Promise<{ status: number }> {
  const raw = await open(port, localAddress);
  raw.socket.write(`GET ${path} HTTP/1.1\r\nHost: cyrene\r\nConnection: close\r\n\r\n`);
  const text = await raw.received;
  return { status: Number(text.split(" ")[1]) };
}
