/**
 * The Wyoming server under hostile load from trusted sources (issue 17): HA's describe while 200 idle
 * connections are open; the CPU a frame costs the server when it is drip-fed in 1 KiB writes; the memory that 60
 * half-sent 4.9 MB frames hold, and what is left after they close. Runs against the harness's own
 * server with its default limits. Alone: `node --expose-gc --import tsx bench/wyoming-limits.ts`.
 */
import { execFile } from "node:child_process";
import { pathToFileURL } from "node:url";
import { encodeEvent } from "../src/assist/wyoming/framing.js";
import { WyomingClient } from "../test/assist/wyoming/client.js";
import { startHarness } from "../test/support/harness.js";
import { ms, printTable } from "./stats.js";

const MiB = 1024 * 1024;
/** The drip: 1 KiB writes about a millisecond apart, so that the server reads each one alone. */
const PIECE = 1024;
const mib = (bytes: number) => (bytes / MiB).toFixed(0);

export async function benchWyomingLimits(): Promise<void> {
  const harness = await startHarness({ assist: true, env: { CYRENE_LOG_LEVEL: "silent" } });
  const port = harness.wyomingPort;
  try {
    const rows: string[][] = [];
    const idle = await Promise.all(Array.from({ length: 200 }, () => connectQuietly(port)));
    await new Promise((resolve) => setTimeout(resolve, 500)); // the server has taken them all in
    const timings: string[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const answer = await describeOnce(port);
      timings.push(answer ? ms(performance.now() - started) : "no info");
    }
    const held = idle.filter((client) => client && !client.closed).length;
    rows.push(["HA describe with 200 idle connections opened first", timings.join(" / ") + " ms"]);
    rows.push(["idle connections still open afterwards", String(held)]);

    for (const client of idle) client?.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const size of [1, 5]) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const ok = await dripFrame(port, size, PIECE);
      const used = process.cpuUsage(cpu);
      rows.push([
        `server CPU: ${size} MB frame in ${PIECE}-byte writes → info`,
        `${ok ? "info" : "no info"}, CPU ${ms((used.user + used.system) / 1000)} ms, wall ${ms(performance.now() - started)} ms`,
      ]);
    }

    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage().rss;
    const halves = await halfSentFrames(port, 60);
    const during = process.memoryUsage().rss;
    const open = halves.filter((client) => client && !client.closed).length;
    for (const client of halves) client?.close();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = process.memoryUsage().rss;
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const afterGc = process.memoryUsage().rss;
    rows.push([
      "RSS: before / 60 half-sent 4.9 MB frames / closed 1 s / after gc",
      `${mib(before)} / ${mib(during)} / ${mib(after)} / ${gc ? mib(afterGc) : "(no --expose-gc)"} MiB`,
    ]);
    rows.push(["half-sent connections still open when all were sent", String(open)]);
    printTable("Wyoming under hostile load from trusted sources (default limits)", ["probe", "result"], rows);
  } finally {
    await harness.close();
  }
}

/** A connection, or undefined if the server would not take it. */
async function connectQuietly(port: number, localAddress?: string): Promise<WyomingClient | undefined> {
  try {
    return await WyomingClient.connect(port, "127.0.0.1", localAddress);
  } catch {
    return undefined;
  }
}

async function describeOnce(port: number): Promise<boolean> {
  const client = await connectQuietly(port);
  if (!client) return false;
  client.send({ type: "describe" });
  const info = await Promise.race([
    client.next("info"),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2_000)),
  ]);
  client.close();
  return info?.type === "info";
}

/**
 * A client in its own process, so the CPU measured here is the server's: a describe with `megabytes` of
 * data + payload (within the frame limits), written `piece` bytes at a time with a timer turn between.
 * Answers whether info came back.
 */
const DRIP_CLIENT = `
const net = require("node:net");
const [port, megabytes, piece] = process.argv.slice(1).map(Number);
const data = Buffer.from(JSON.stringify({ padding: "x".repeat(Math.min(megabytes, 1) * 1e6 - 100) }));
const payload = Buffer.alloc(Math.max(0, megabytes - 1) * 1e6, 1);
const header = { type: "describe", version: "1.7.2", data_length: data.length };
if (payload.length) header.payload_length = payload.length;
const wire = Buffer.concat([Buffer.from(JSON.stringify(header) + "\\n"), data, payload]);
const socket = net.connect(port, "127.0.0.1", async () => {
  socket.setNoDelay(true);
  for (let at = 0; at < wire.length && !socket.destroyed; at += piece) {
    await new Promise((resolve) => socket.write(wire.subarray(at, at + piece), resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
});
let got = "";
socket.on("data", (chunk) => { got += chunk; if (got.includes('"info"')) { console.log("info"); process.exit(0); } });
socket.on("close", () => { console.log("closed"); process.exit(0); });
socket.on("error", () => {});
`;

function dripFrame(port: number, megabytes: number, piece: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["-e", DRIP_CLIENT, String(port), String(megabytes), String(piece)],
      (error, out) => (error ? reject(error) : resolve(out.trim() === "info")),
    );
  });
}

/** `count` connections from as many loopback addresses, each sending 4.9 MB of a 5 MB frame. */
async function halfSentFrames(port: number, count: number): Promise<(WyomingClient | undefined)[]> {
  const wire = encodeEvent({
    type: "describe",
    data: { padding: "x".repeat(999_900) },
    payload: Buffer.alloc(4_000_000, 1),
  });
  const part = wire.subarray(0, 4_900_000);
  const clients = await Promise.all(
    Array.from({ length: count }, (_, i) => connectQuietly(port, `127.0.0.${2 + i}`)),
  );
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (!client || client.closed) return resolve();
          client.socket.once("close", () => resolve());
          client.socket.write(part, () => resolve());
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return clients;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await benchWyomingLimits();
