import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { ToolError } from "../../contract.js";
import { CALCULATOR_WORKER_SOURCE } from "./worker-source.js";

export interface SandboxOptions {
  /** Time one expression may take once the worker is ready. */
  timeoutMs: number;
  /** Heap limit of the worker thread. */
  maxMemoryMb: number;
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
 * One long-lived worker thread holding a restricted mathjs instance (loading mathjs takes about a
 * second, so it is kept between calls). Calls run one at a time; a call that exceeds the time limit
 * or the memory limit, or is aborted, terminates the worker, and the next call starts a new one.
 */
export class MathSandbox {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private pending: Pending | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  constructor(private readonly options: SandboxOptions) {}

  evaluate(expression: string, signal: AbortSignal): Promise<SandboxAnswer> {
    const run = this.tail.then(() => this.runNow(expression, signal));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker thread (a later call starts a new one). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }

  private async runNow(expression: string, signal: AbortSignal): Promise<SandboxAnswer> {
    const worker = await abortable(this.start(), signal);
    const id = this.nextId++;
    return new Promise<SandboxAnswer>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.pending = undefined;
        worker.unref();
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
      worker.postMessage({ id, expression });
    });
  }

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(CALCULATOR_WORKER_SOURCE, {
      eval: true,
      workerData: { mathjsPath: createRequire(import.meta.url).resolve("mathjs") },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxMemoryMb },
    });
    this.worker = worker;
    const ready = new Promise<Worker>((resolve, reject) => {
      worker.on("message", (reply: WorkerReply) => {
        if (reply.type === "ready") resolve(worker);
        else if (this.pending && reply.id === this.pending.id) this.pending.settle(reply);
      });
      worker.on("error", (error: Error & { code?: string }) => {
        const message =
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? "The calculation needed too much memory and was stopped (内存超限). Use smaller matrices or ranges."
            : `The calculator failed: ${error.message}`;
        reject(new ToolError(message));
        if (this.worker === worker) this.pending?.fail(new ToolError(message));
        void this.kill(worker);
      });
      worker.on("exit", () => {
        reject(new ToolError("The calculator stopped unexpectedly."));
        if (this.worker !== worker) return; // terminated on purpose; a newer worker may be running
        this.pending?.fail(new ToolError("The calculator stopped unexpectedly."));
        this.worker = undefined;
        this.ready = undefined;
      });
    });
    this.ready = ready;
    ready.catch(() => undefined);
    return ready;
  }

  private async kill(worker: Worker): Promise<void> {
    if (this.worker === worker) {
      this.worker = undefined;
      this.ready = undefined;
    }
    await worker.terminate().catch(() => undefined);
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
