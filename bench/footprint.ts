/**
 * The server as the add-on runs it (`node dist/main.js`, built first by `npm run bench`): cold start to
 * a 200 on /healthz, resident memory after boot, and the whole process tree after one call of every
 * tool and a quiet spell (BENCH_IDLE_SECONDS, default 120). The dev start through tsx for comparison.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startWebFixture } from "../test/fixtures/web/server.js";
import type { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import { printTable } from "./stats.js";

const TARGETS = { bootRssMb: 90, treeRssMb: 150, coldStartMs: 1000 };

export async function benchFootprint(llm: ScriptedLlm): Promise<void> {
  const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 120);
  const web = await startWebFixture();
  const rows: (string | number)[][] = [];
  try {
    const compiled = startCommand();
    const starts: number[] = [];
    let bootRss = 0;
    for (let i = 0; i < 5; i++) {
      const server = await startServer(compiled, llm, web.origin);
      starts.push(server.readyMs);
      if (i < 4) await server.stop();
      else {
        await sleep(1000);
        bootRss = rssMb(server.child.pid!);
        await callEveryTool(server.url, llm, web.origin);
        const busyTree = treeRssMb(server.child.pid!);
        await sleep(idleSeconds * 1000);
        const idleTree = treeRssMb(server.child.pid!);
        await server.stop();
        starts.sort((a, b) => a - b);
        rows.push(
          [
            "cold start to /healthz 200 (median of 5)",
            `${starts[2]!.toFixed(0)} ms`,
            `≤ ${TARGETS.coldStartMs} ms`,
          ],
          ["server RSS after boot", `${bootRss.toFixed(1)} MB`, `≤ ${TARGETS.bootRssMb} MB`],
          ["process tree RSS right after every tool ran once", `${busyTree.toFixed(1)} MB`, ""],
          [
            `process tree RSS after ${idleSeconds} s idle`,
            `${idleTree.toFixed(1)} MB`,
            `≤ ${TARGETS.treeRssMb} MB`,
          ],
        );
      }
    }
    const dev = await startServer(["--import", "tsx", "src/main.ts"], llm, web.origin);
    await sleep(1000);
    rows.push(
      ["dev start through tsx: cold start", `${dev.readyMs.toFixed(0)} ms`, ""],
      ["dev start through tsx: server RSS after boot", `${rssMb(dev.child.pid!).toFixed(1)} MB`, ""],
    );
    await dev.stop();
  } finally {
    await web.close();
  }
  printTable(
    `Footprint of \`node ${startCommand().join(" ")}\` (what \`npm start\` and the add-on run)`,
    ["measure", "value", "target"],
    rows,
  );
}

/** The node arguments of `npm start` (after its build), so the bench measures what users run. */
function startCommand(): string[] {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const node = /(?:^|&&\s*)node\s+([^&]+)$/.exec(scripts.start ?? "")?.[1];
  if (!node) throw new Error(`npm start does not end in "node …": ${scripts.start}`);
  return node.trim().split(/\s+/);
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  readyMs: number;
  stop(): Promise<void>;
}

async function startServer(args: string[], llm: ScriptedLlm, webOrigin: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "cyrene-footprint-"));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: "ignore",
    env: {
      PATH: process.env.PATH,
      CYRENE_PORT: String(port),
      CYRENE_DATA_DIR: dataDir,
      CYRENE_LLM_BASE_URL: llm.baseUrl,
      CYRENE_LLM_API_KEY: "k",
      CYRENE_TIME_ZONE: "Asia/Shanghai",
      CYRENE_LOG_LEVEL: "warn",
      CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1",
      CYRENE_SEARXNG_URL: `${webOrigin}/searxng`,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await sleep(5);
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One chat turn whose single round calls every built-in tool. */
async function callEveryTool(url: string, llm: ScriptedLlm, webOrigin: string): Promise<void> {
  const calls = [
    { name: "calculator", arguments: { expression: "3 km to miles" } },
    { name: "datetime", arguments: { operation: "now" } },
    { name: "text", arguments: { operation: "count", text: "你好 world" } },
    { name: "crypto", arguments: { operation: "hash", text: "abc" } },
    { name: "random", arguments: { operation: "integer" } },
    { name: "markdown", arguments: { operation: "to_html", markdown: "# 标题\n\n**bold**" } },
    { name: "json", arguments: { operation: "query", json: '{"a":[1,2]}', expression: "a[1]" } },
    { name: "file", arguments: { operation: "write", path: "notes.txt", content: "牛奶" } },
    { name: "http", arguments: { url: `${webOrigin}/small-json` } },
    { name: "web_search", arguments: { query: "home assistant" } },
    { name: "web_fetch", arguments: { url: `${webOrigin}/article` } },
    { name: "iot_query", arguments: { query: "lights" } },
    { name: "iot_control", arguments: { target: "客厅灯", service: "light.turn_on" } },
  ];
  llm.script({ toolCalls: calls }, { text: "done" });
  const res = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: "use every tool" }),
  });
  if (!res.ok) throw new Error(`the turn failed: ${res.status}`);
  await res.json();
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** RSS of a process and all its descendants. */
function treeRssMb(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited while we looked
    }
  }
  const inTree = (pid: number): boolean => pid === root || (parents.has(pid) && inTree(parents.get(pid)!));
  let total = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      total += rssMb(pid);
    } catch {
      // exited while we looked
    }
  }
  return total;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
