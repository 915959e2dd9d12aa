import type { Server } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodeEvent } from "../../../src/assist/wyoming/framing.js";
import type { WyomingLimits } from "../../../src/assist/wyoming/server.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { utter, WyomingClient } from "./client.js";
import { wyomingServerWith } from "./server-with.js";

/** Bounded work for whoever connects: HA always gets in, and no frame costs more than its bytes. */
describe("the Wyoming server's limits", () => {
  let h: Harness;
  const extra: Server[] = [];
  const clients: WyomingClient[] = [];

  beforeAll(async () => {
    h = await startHarness({ assist: true, tools: testTools().tools });
  });
  afterAll(() => h?.close());
  beforeEach(() => h.llm.reset());
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
    await Promise.all(extra.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function serverWith(limits: Partial<WyomingLimits>): Promise<number> {
    const { server, port } = await wyomingServerWith(h, { limits });
    extra.push(server);
    return port;
  }

  async function open(port: number, localAddress?: string): Promise<WyomingClient> {
    const client = await WyomingClient.connect(port, "127.0.0.1", localAddress);
    clients.push(client);
    return client;
  }

  async function describeOn(port: number, localAddress?: string) {
    const client = await open(port, localAddress);
    client.send({ type: "describe" });
    return (await client.next("info"))?.type;
  }

  /** The server has read everything sent so far on this connection (it answers in order). */
  async function settled(client: WyomingClient): Promise<void> {
    client.send({ type: "ping", data: { text: "settled" } });
    expect(await client.next("pong")).toBeDefined();
  }

  it("serves HA's describe and utterance after 70 idle connections from a trusted source", async () => {
    const idle: WyomingClient[] = [];
    for (let i = 0; i < 70; i++) idle.push(await open(h.wyomingPort));
    // Some of them started a frame and never finished it.
    for (const client of idle.slice(0, 20))
      client.socket.write('{"type":"transcript","data_length":500}\n{"te');
    expect(await describeOn(h.wyomingPort)).toBe("info");
    h.llm.script({ text: "现在是下午三点。" });
    expect(await utter(h.wyomingPort, "现在几点")).toEqual({
      type: "handled",
      data: { text: "现在是下午三点。" },
    });
    // The longest idle gave way: the server holds no more than its limit.
    await expect.poll(() => idle.filter((client) => client.closed).length).toBeGreaterThanOrEqual(70 - 64);
    expect(idle[0]!.closed).toBe(true);
  });

  it("takes the place of a client that only pings, however recently it pinged", async () => {
    const port = await serverWith({ maxConnections: 2, maxPerSource: 2 });
    const pinging = await open(port);
    const other = await open(port);
    await settled(other);
    await settled(pinging); // its ping came last, and still counts for nothing
    expect(await describeOn(port)).toBe("info");
    expect(await pinging.next("never")).toBeUndefined();
    expect(pinging.closed).toBe(true);
    expect(other.closed).toBe(false);
  });

  it("closes a connection idle past idleMs even while it keeps pinging", async () => {
    const port = await serverWith({ idleMs: 200 });
    const pinging = await open(port);
    const timer = setInterval(() => pinging.send({ type: "ping" }), 50);
    try {
      expect(await pinging.next("never")).toBeUndefined();
    } finally {
      clearInterval(timer);
    }
  });

  it("keeps a connection whose utterance runs past idleMs, and answers it", async () => {
    const port = await serverWith({ idleMs: 200, maxConnections: 1 });
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 600 } }] }, { text: "睡好了。" });
    const answer = utter(port, "睡一会儿");
    // A newcomer while the only place is mid-utterance is refused: Wyoming's error, then not-handled for HA.
    await expect.poll(() => h.llm.requests.length).toBeGreaterThan(0);
    const newcomer = await open(port);
    expect((await newcomer.next("error"))?.data).toMatchObject({ code: "busy" });
    expect((await newcomer.next("not-handled"))?.data.text).toMatch(/正忙.*busy/);
    expect(await answer).toEqual({ type: "handled", data: { text: "睡好了。" } });
  });

  it("gives one source no more than its share: its own oldest gives way, others keep theirs", async () => {
    const port = await serverWith({ maxConnections: 4, maxPerSource: 2 });
    const ha = await open(port, "127.0.0.1");
    const flood: WyomingClient[] = [];
    for (let i = 0; i < 5; i++) flood.push(await open(port, "127.0.0.2"));
    expect(await describeOn(port, "127.0.0.1")).toBe("info");
    await expect.poll(() => flood.filter((client) => client.closed).length).toBe(3);
    expect(flood.slice(3).every((client) => !client.closed)).toBe(true);
    expect(ha.closed).toBe(false);
  });

  it("answers a transcript over 32,000 characters with an error and not-handled; the LLM never sees it", async () => {
    for (const [text, words] of [
      ["a".repeat(100_000), /too long \(100000 characters, at most 32000\)/],
      ["好".repeat(40_000), /太长了（40000 个字符，最多 32000 个）/],
    ] as const) {
      const client = await open(h.wyomingPort);
      client.send({ type: "transcript", data: { text, context: { conversation_id: "01JWYOMINGLONG" } } });
      const error = await client.next("error");
      expect(error?.data).toEqual({ text: expect.stringMatching(words), code: "message_too_long" });
      expect(await client.next("handled", "not-handled")).toEqual({
        type: "not-handled",
        data: { text: error?.data.text },
      });
    }
    expect(h.llm.requests).toHaveLength(0);
    expect(h.cyrene.conversations.findExternal("wyoming", "01JWYOMINGLONG")).toBeUndefined();
  });

  it("reassembles a 1 MB transcript frame written in 1 KB pieces", async () => {
    h.llm.script({ text: "收到。" });
    const client = await open(h.wyomingPort);
    const wire = encodeEvent({
      type: "transcript",
      data: { text: "你好", context: {}, padding: "x".repeat(1_000_000) },
    });
    for (let at = 0; at < wire.length; at += 1024)
      await new Promise((resolve) => client.socket.write(wire.subarray(at, at + 1024), resolve));
    expect(await client.next("handled", "not-handled")).toEqual({
      type: "handled",
      data: { text: "收到。" },
    });
    expect(h.llm.requests[0]!.body.messages.at(-1)).toMatchObject({ content: "你好" });
  });

  it("bounds what unfinished frames hold across connections, and gives it back when one closes", async () => {
    const port = await serverWith({ bufferBytes: 1024 * 1024 });
    const frame = encodeEvent({ type: "describe", data: { padding: "x".repeat(900_000) } });
    const half = frame.subarray(0, 700_000);
    const [first, second] = [await open(port), await open(port)];
    first.socket.write(half);
    second.socket.write(half);
    // Two half frames do not fit: the connection whose bytes came second is closed, the other kept.
    const dropped = await Promise.race(
      [first, second].map(async (client) => (await client.next("never"), client)),
    );
    const kept = dropped === first ? second : first;
    expect(dropped.closed).toBe(true);
    kept.socket.write(frame.subarray(700_000));
    expect((await kept.next("info"))?.type).toBe("info");
    kept.close();
    // What both held is free again: a third connection sends a whole frame of the same size.
    const third = await open(port);
    third.socket.write(half);
    third.socket.write(frame.subarray(700_000));
    expect((await third.next("info"))?.type).toBe("info");
  });
});
