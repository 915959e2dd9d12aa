import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { ToolError } from "../../contract.js";
import { CALCULATOR_WORKER_SOURCE } from "./worker-source.js";
import { killAndWait } from "../../../child-worker.js";

export interface SandboxOptions {
  /** Time one expression may take once the worker is ready. */
  timeoutMs: number;
  /** Heap limit of the calculator process. */
  maxMemoryMb: number;
  /** The process exits after this long without a call (it holds ~115 MB with mathjs loaded). */
  idleMs: number;
}

export type SandboxAnswer =
  { ok: true; result: string; fullPrecision?: string } | { ok: false; error: string };

interface WorkerReply {
  id?: number;
  type?: string;
  ok?: boolean;
  result?: string;
  fullPrecision?: string;
  error?: string;
}

interface Pending {
  id: number;
  settle(reply: WorkerReply): void;
  fail(error: Error): void;
}

/**
 * One child process holding a restricted mathjs instance (loading mathjs takes about a second, so it
 * is kept between calls, and stopped after `idleMs` without one: on a small box 115 MB is too much to
 * hold for a calculator nobody uses). Calls run one at a time; a call that exceeds the time limit or
 * the memory limit, or is aborted, ends the process, and the next call starts a new one.
 *
 * A process, not a worker thread: a worker's heap limit does not catch one huge allocation
 * (`ones(2^31)`), which takes the whole Node process down with it.
 */
export class MathSandbox {
  private worker: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private pending: Pending | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SandboxOptions) {}

  evaluate(expression: string, signal: AbortSignal): Promise<SandboxAnswer> {
    clearTimeout(this.idleTimer);
    const run = this.tail.then(() => this.runNow(expression, signal));
    const tail: Promise<unknown> = run
      .catch(() => undefined)
      .then(() => {
        if (this.tail === tail) this.stopWhenIdle();
      });
    this.tail = tail;
    return run;
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs);
    this.idleTimer.unref();
  }

  /** Stops the calculator process (a later call starts a new one). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    if (worker) await this.kill(worker);
  }

  private async runNow(expression: string, signal: AbortSignal): Promise<SandboxAnswer> {
    const worker = await abortable(this.start(), signal);
    const id = this.nextId++;
    return new Promise<SandboxAnswer>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.pending = undefined;
        unref(worker);
      };
      const stop = (error: Error) => {
        finish();
        void this.kill(worker);
        reject(error);
      };
      const timer = setTimeout(
        () =>
          stop(
            new ToolError(
              `The calculation did not finish within ${this.options.timeoutMs} ms and was stopped (计算超时). Simplify the expression or use smaller numbers.`,
            ),
          ),
        this.options.timeoutMs,
      );
      const onAbort = () =>
        stop(new ToolError(`The calculation was stopped: ${String(signal.reason ?? "aborted")}`));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.pending = {
        id,
        settle: (reply) => {
          finish();
          resolve(
            reply.ok
              ? { ok: true, result: reply.result ?? "", fullPrecision: reply.fullPrecision }
              : { ok: false, error: reply.error ?? "unknown error" },
          );
        },
        fail: (error) => {
          finish();
          reject(error);
        },
      };
      worker.ref();
      worker.channel?.ref();
      worker.send({ id, expression });
    });
  }

  private start(): Promise<ChildProcess> {
    if (this.ready) return this.ready;
    const mathjsPath = createRequire(import.meta.url).resolve("mathjs");
    const worker = spawn(
      process.execPath,
      [`--max-old-space-size=${this.options.maxMemoryMb}`, "-e", CALCULATOR_WORKER_SOURCE, mathjsPath],
      { env: {}, stdio: ["ignore", "ignore", "ignore", "ipc"] },
    );
    this.worker = worker;
    const ready = new Promise<ChildProcess>((resolve, reject) => {
      worker.on("message", (reply: WorkerReply) => {
        if (reply.type === "ready") resolve(worker);
        else if (this.pending && reply.id === this.pending.id) this.pending.settle(reply);
      });
      worker.on("error", (error: Error) => {
        const message = `The calculator failed: ${error.message}`;
        reject(new ToolError(message));
        if (this.worker === worker) this.pending?.fail(new ToolError(message));
        void this.kill(worker);
      });
      worker.on("exit", (code, signal) => {
        // V8 aborts the process (SIGABRT, or exit 134) when the heap limit is reached.
        const outOfMemory = signal === "SIGABRT" || code === 134;
        const message = outOfMemory
          ? "The calculation needed too much memory and was stopped (内存超限). Use smaller matrices or ranges."
          : "The calculator stopped unexpectedly.";
        reject(new ToolError(message));
        if (this.worker !== worker) return; // killed on purpose; a newer process may be running
        this.pending?.fail(new ToolError(message));
        this.worker = undefined;
        this.ready = undefined;
      });
    });
    this.ready = ready;
    ready.catch(() => undefined);
    return ready;
  }

  private async kill(worker: ChildProcess): Promise<void> {
    if (this.worker === worker) {
      this.worker = undefined;
      this.ready = undefined;
    }
    await killAndWait(worker);
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted)
    return Promise.reject(new ToolError(`The calculation was stopped: ${String(signal.reason)}`));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ToolError(`The calculation was stopped: ${String(signal.reason)}`));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Lets Cyrene exit while the idle calculator process stays ready. */
function unref(worker: ChildProcess): void {
  worker.unref();
  worker.channel?.unref();
}
