/**
 * Boots the built server as the add-on runs it: run.sh's command in a folder laid out like the image's
 * /app, the Supervisor's token set, the add-on options in an options.json, and a small stand-in for the
 * Supervisor's HTTP API that records what Cyrene posts to it. Then checks that each listener serves and
 * who it turns away, and that Cyrene announces its Wyoming server for HA's "Discovered" list.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { connect, createServer, type AddressInfo } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "./build.js";
import { ROOT, readYaml } from "./supervisor.js";

interface Recorded {
  method: string;
  path: string;
  authorization?: string;
  body: string;
}

const SUPERVISOR_TOKEN = "boot-test-supervisor-token";
const config = readYaml("config.yaml") as { options: Record<string, unknown> };
// What a user would have saved: the defaults plus their own LLM settings and a tool switched off.
const OPTIONS = {
  ...config.options,
  llm_base_url: "http://127.0.0.1:9/v1",
  llm_api_key: "sk-boot-test-key",
  llm_model: "boot-test-model",
  tools_disabled: ["http"],
  assist_languages: ["en", "zh", "zh-CN"],
};

let app: BuiltApp;
let dataDir: string;
let supervisor: HttpServer;
const recorded: Recorded[] = [];
let server: ChildProcess;
let output = "";
let exited: Promise<number | null>;
const ports = { ingress: 0, ollama: 0, wyoming: 0 };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The Supervisor's HTTP API as far as Cyrene uses it: discovery answers like the real one. */
function startSupervisor(): Promise<HttpServer> {
  const stand = createHttpServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      recorded.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, body });
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/discovery") {
        res.end(JSON.stringify({ result: "ok", data: { uuid: "5d1d6a3e0c2f4b7a9e8d7c6b5a493827" } }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ result: "error", message: `no stand-in for ${req.method} ${req.url}` }));
      }
    });
  });
  // /core/websocket: no Home Assistant behind this Supervisor; Cyrene reports HA unavailable and retries.
  stand.on("upgrade", (_req, socket) => socket.destroy());
  return new Promise((resolve) => stand.listen(0, "127.0.0.1", () => resolve(stand)));
}

/** run.sh's command (the test for run.sh holds it equal to npm start's). */
function runShCommand(): string[] {
  const line = /^exec (.+)$/m.exec(readFileSync(join(ROOT, "run.sh"), "utf8"))![1]!;
  return line.split(/\s+/);
}

beforeAll(async () => {
  app = await buildApp("boot");
  dataDir = mkdtempSync(join(tmpdir(), "cyrene-addon-boot-"));
  const optionsPath = join(dataDir, "options.json");
  writeFileSync(optionsPath, JSON.stringify(OPTIONS, null, 2));
  supervisor = await startSupervisor();
  ports.ingress = await freePort();
  ports.ollama = await freePort();
  ports.wyoming = await freePort();
  const [command, ...args] = runShCommand();
  expect(command).toBe("node");
  server = spawn(process.execPath, args, {
    cwd: app.root,
    env: {
      PATH: process.env.PATH,
      SUPERVISOR_TOKEN,
      CYRENE_SUPERVISOR_URL: `http://127.0.0.1:${(supervisor.address() as AddressInfo).port}`,
      // In the image these are /data and /data/options.json; the test can't write /data.
      CYRENE_DATA_DIR: dataDir,
      CYRENE_OPTIONS_PATH: optionsPath,
      CYRENE_PORT: String(ports.ingress),
      CYRENE_OLLAMA_PORT: String(ports.ollama),
      CYRENE_WYOMING_PORT: String(ports.wyoming),
      CYRENE_ASSIST_HOST: "127.0.0.1",
    },
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  while (!output.includes("Cyrene is listening")) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 20 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await exited;
  }
  supervisor?.close();
  app?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const ingress = (path: string) => `http://127.0.0.1:${ports.ingress}${path}`;

describe("the add-on, booted", () => {
  it("listens on all three ports and logs that once, without secrets", () => {
    const lines = output.split("\n").filter((l) => l.includes("Cyrene is listening"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      start: { port: ports.ingress, ollamaPort: ports.ollama, wyomingPort: ports.wyoming },
    });
    expect(output).not.toContain(SUPERVISOR_TOKEN);
    expect(output).not.toContain(OPTIONS.llm_api_key);
  });

  it("reads its options from options.json", async () => {
    const health = (await (await fetch(ingress("/healthz"))).json()) as { model: string };
    expect(health.model).toBe(OPTIONS.llm_model);
    // /readyz is served beside the Ollama API (the ingress port gives loopback only /healthz).
    const ready = (await (await fetch(`http://127.0.0.1:${ports.ollama}/readyz`)).json()) as {
      tools: { disabled: string[] };
    };
    expect(ready.tools.disabled).toEqual(OPTIONS.tools_disabled);
  });

  it("answers the watchdog on the ingress port's /healthz", async () => {
    const res = await fetch(ingress("/healthz"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("serves its API on the ingress port to HA's ingress proxy only (loopback is refused)", async () => {
    const res = await fetch(ingress("/api/chat"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "hi" }),
    });
    expect(res.status).toBe(403);
  });

  it("serves the Ollama API's model list to a source it trusts, without a token", async () => {
    const res = await fetch(`http://127.0.0.1:${ports.ollama}/api/tags`);
    expect(res.status).toBe(200);
    const tags = (await res.json()) as { models: { model: string }[] };
    expect(tags.models.map((m) => m.model)).toContain("cyrene:latest");
  });

  it("answers a Wyoming describe with info: an installed handle program with languages", async () => {
    const info = await wyomingDescribe(ports.wyoming);
    expect(info.type).toBe("info");
    const handle = (
      info.data.handle as { name: string; installed: boolean; models: { languages: string[] }[] }[]
    )[0]!;
    expect(handle).toMatchObject({ name: "Cyrene", installed: true });
    expect(handle.models[0]!.languages).toEqual(expect.arrayContaining(["en", "zh"]));
  });

  it("announces the Wyoming server and the MCP server to the Supervisor with its token", async () => {
    await expect
      .poll(() => recorded.filter((r) => r.method === "POST" && r.path === "/discovery"), { timeout: 10_000 })
      .toHaveLength(2);
    const posts = recorded.filter((r) => r.path === "/discovery");
    for (const post of posts) expect(post.authorization).toBe(`Bearer ${SUPERVISOR_TOKEN}`);
    expect(posts.map((post) => JSON.parse(post.body) as unknown)).toEqual(
      expect.arrayContaining([
        { service: "wyoming", config: { uri: `tcp://${hostname()}:${ports.wyoming}` } },
        // HA 2026.10+ offers the app's MCP server under Discovered (its mcp integration's hassio step).
        { service: "mcp", config: { url: `http://${hostname()}:${ports.ollama}/mcp` } },
      ]),
    );
  });

  it("stops cleanly on SIGTERM (what the Supervisor sends through s6-overlay)", async () => {
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

/** One Wyoming exchange: `describe`, then the first event back (header line, data bytes, payload bytes). */
function wyomingDescribe(port: number): Promise<{ type: string; data: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write('{"type":"describe","version":"1.7.2"}\n'));
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("no info within 1 s (HA's limit)"));
    }, 1_000);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const newline = buffer.indexOf(0x0a);
      if (newline < 0) return;
      const header = JSON.parse(buffer.subarray(0, newline).toString("utf8")) as {
        type: string;
        data?: Record<string, unknown>;
        data_length?: number;
        payload_length?: number;
      };
      const dataLength = header.data_length ?? 0;
      if (buffer.length < newline + 1 + dataLength + (header.payload_length ?? 0)) return;
      const data = dataLength
        ? (JSON.parse(buffer.subarray(newline + 1, newline + 1 + dataLength).toString("utf8")) as Record<
            string,
            unknown
          >)
        : {};
      clearTimeout(timer);
      socket.end();
      resolve({ type: header.type, data: { ...header.data, ...data } });
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      reject(new Error(`the connection closed before an event arrived (${buffer.length} bytes)`));
    });
  });
}
