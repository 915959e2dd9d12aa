import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedLlm } from "./fixtures/scripted-llm/server.js";

/** The server process as `npm start` runs it (through tsx here), its output and exit code. */
let llm: ScriptedLlm;
const dataDir = mkdtempSync(join(tmpdir(), "cyrene-main-"));
beforeAll(async () => {
  llm = await ScriptedLlm.start();
});
afterAll(async () => {
  await llm.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      PATH: process.env.PATH,
      CYRENE_PORT: String(port),
      CYRENE_DATA_DIR: dataDir,
      CYRENE_LLM_BASE_URL: llm.baseUrl,
      CYRENE_LLM_API_KEY: "k",
      CYRENE_TIME_ZONE: "UTC",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function occupiedPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

describe("the server process", () => {
  it("says in one line that its port is taken, and exits with 1", async () => {
    const blocker = await occupiedPort();
    const port = (blocker.address() as { port: number }).port;
    try {
      const server = start(port);
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split("\n");
      expect(lines.filter((line) => /cannot listen/.test(line))).toHaveLength(1);
      expect(server.output()).toMatch(
        new RegExp(`port ${port} is already in use; set CYRENE_PORT to a free port`),
      );
      expect(server.output()).not.toMatch(/Cyrene is listening/);
      expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      blocker.close();
    }
  });

  it("says how to move a taken Assist port or turn its listener off (a local Ollama holds 11434)", async () => {
    const blocker = await occupiedPort();
    const taken = (blocker.address() as { port: number }).port;
    const probe = await occupiedPort();
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    try {
      const server = start(port, { CYRENE_OLLAMA_PORT: String(taken), CYRENE_WYOMING_PORT: "0" });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        new RegExp(
          `port ${taken} is already in use; set CYRENE_OLLAMA_PORT to a free port, or CYRENE_OLLAMA_PORT=0 ` +
            "to turn the Ollama-compatible API \\(is a real Ollama running here\\?\\) off",
        ),
      );
    } finally {
      blocker.close();
    }
  });

  it("logs JSON lines on stdout, 'listening' once the port answers", async () => {
    const probe = await occupiedPort();
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const server = start(port, { CYRENE_OLLAMA_PORT: "0", CYRENE_WYOMING_PORT: "0" });
    try {
      await expect.poll(() => server.output(), { timeout: 15_000 }).toMatch(/Cyrene is listening/);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      const line = server
        .output()
        .split("\n")
        .find((l) => l.includes("Cyrene is listening"))!;
      const parsed = JSON.parse(line);
      expect(parsed).toMatchObject({ level: 30, start: { port, ollamaPort: 0, wyomingPort: 0 } });
      // One line says where to reach it and what is on; no list of every tool.
      expect(parsed.msg).toMatch(
        new RegExp(
          `^Cyrene is listening on http://127\\.0\\.0\\.1:${port}/ · Assist: off · LLM deepseek-v4-flash at ` +
            "127\\.0\\.0\\.1:\\d+ · Home Assistant not configured · 13 tools \\(not configured: web_search, iot_query, " +
            "iot_control, reminder_create, reminder_list, reminder_delete, home_rule\\) · vector search off · thinker on · v",
        ),
      );
      expect(parsed.tools).toBeUndefined();
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  });

  describe("with storage it cannot use", () => {
    const faulty = (make: (dir: string) => string) => {
      const dir = mkdtempSync(join(tmpdir(), "cyrene-main-fault-"));
      return { dir, dataDir: make(dir) };
    };
    const oneLine = (output: string) => {
      const lines = output.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
      return lines[0]!;
    };

    it("stops at a damaged cyrene.db with one line naming the file and what to do", async () => {
      const { dir, dataDir } = faulty((d) => {
        writeFileSync(join(d, "cyrene.db"), Buffer.alloc(32 * 1024, "not sqlite"));
        return d;
      });
      try {
        const server = start(9, { CYRENE_DATA_DIR: dataDir });
        expect(await server.exited).toBe(1);
        expect(oneLine(server.output())).toMatch(
          new RegExp(
            `^Cyrene cannot start: its database ${join(dataDir, "cyrene.db")} is damaged .*move it aside`,
          ),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("stops at a data dir it cannot write, and exits as CYRENE_FATAL_EXIT_CODE says (0 in the add-on: no restart loop)", async () => {
      const { dir, dataDir } = faulty((d) => {
        writeFileSync(join(d, "data"), "a file where the folder should be");
        return join(d, "data");
      });
      try {
        const server = start(9, { CYRENE_DATA_DIR: dataDir, CYRENE_FATAL_EXIT_CODE: "0" });
        expect(await server.exited).toBe(0);
        expect(oneLine(server.output())).toMatch(
          new RegExp(
            `^Cyrene cannot start: it cannot write its database .* Make ${dataDir} a writable folder`,
          ),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
