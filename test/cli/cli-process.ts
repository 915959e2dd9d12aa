import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx src/cli/chat.ts …` as a real child process, its output collected as it comes. */
export class CliProcess {
  stdout = "";
  stderr = "";
  readonly exited: Promise<CliExit>;
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, ["--import", "tsx", "src/cli/chat.ts", ...args], {
      cwd: ROOT,
      env: cliEnv(env),
    });
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => (this.stdout += chunk));
    this.child.stderr.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) =>
      this.child.on("close", (code, signal) =>
        resolve({ code, signal, stdout: this.stdout, stderr: this.stderr }),
      ),
    );
  }

  write(text: string): void {
    this.child.stdin.write(text);
  }

  endInput(): void {
    this.child.stdin.end();
  }

  interrupt(): void {
    this.child.kill("SIGINT");
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }

  /** Resolves once stdout or stderr holds `text`; fails with what was seen if it does not come. */
  async waitFor(stream: "stdout" | "stderr", text: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this[stream].includes(text)) {
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error(`no "${text}" on ${stream}; stdout: ${this.stdout}\nstderr: ${this.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The parent's environment without any Cyrene or Home Assistant settings, plus the test's own. */
function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith("CYRENE_") && name !== "SUPERVISOR_TOKEN" && name !== "NO_COLOR",
    ),
  );
  return { ...clean, CYRENE_TIME_ZONE: "Asia/Shanghai", CYRENE_LOG_LEVEL: "silent", ...env };
}

export interface ScriptedCli {
  llm: ScriptedLlm;
  /** The CLI's environment: the scripted LLM and a fresh data dir for each test. */
  env: Record<string, string>;
  start(args: string[], env?: Record<string, string>): CliProcess;
  run(args: string[], input?: string, env?: Record<string, string>): Promise<CliExit>;
}

/** Registers the hooks of a CLI test file: one scripted LLM, a data dir per test, no process left over. */
export function useScriptedCli(): ScriptedCli {
  const started: CliProcess[] = [];
  let dataDir = "";
  const cli: ScriptedCli = {
    llm: undefined as unknown as ScriptedLlm,
    env: {},
    start(args, env = {}) {
      const child = new CliProcess(args, { ...cli.env, ...env });
      started.push(child);
      return child;
    },
    run(args, input = "", env = {}) {
      const child = cli.start(args, env);
      child.write(input);
      child.endInput();
      return child.exited;
    },
  };
  beforeAll(async () => {
    cli.llm = await ScriptedLlm.start();
  });
  afterAll(async () => {
    await cli.llm.close();
  });
  beforeEach(() => {
    cli.llm.reset();
    dataDir = mkdtempSync(join(tmpdir(), "cyrene-cli-"));
    cli.env = {
      CYRENE_LLM_BASE_URL: cli.llm.baseUrl,
      CYRENE_LLM_API_KEY: "test-key",
      CYRENE_DATA_DIR: dataDir,
      CYRENE_LLM_REQUEST_TIMEOUT_SECONDS: "5",
    };
  });
  afterEach(() => {
    for (const child of started.splice(0)) child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return cli;
}
