import type { ChildProcess } from "node:child_process";
import { withTimeout } from "../time/timeout.js";
import { spawnChild, type ChildProgram } from "./program.js";

export interface ChildWorkerOptions {
  /** What the child runs. */
  program: ChildProgram;
  /** Heap limit of the child, in MB. */
  maxMemoryMb: number;
  /** The child exits after this long without a task (it holds its libraries in memory). */
  idleMs: number;
  /** A child not ready (its libraries loaded) within this long is stopped: the task is "unstarted". */
  startLimitMs?: number;
}

export type ChildFailure = "timeout" | "memory" | "crashed" | "aborted" | "unstarted";

/** How a task ended: its answer, or why there is none (the child was stopped, died, or never started). */
export type ChildOutcome<Reply> = { ok: true; reply: Reply } | { ok: false; reason: ChildFailure };

export interface TaskLimits {
  /** Counts from when the child has the task (not while it starts or the task waits its turn). */
  timeoutMs: number;
  signal?: AbortSignal;
}

interface Message<T> {
  type: "ready" | "reply";
  id?: number;
  reply?: T;
}

interface Running<Reply> {
  id: number;
  settle(outcome: ChildOutcome<Reply>): void;
}

/**
 * One child process doing CPU-heavy work on untrusted input, one task at a time, so that no task can
 * block Cyrene's event loop, or crash it (stack overflow, out of memory). A task that runs over its
 * time, or is aborted, ends the process (SIGKILL); the next task starts a new one. The process is started
 * by the first task, not at boot, and exits after `idleMs` without one. It gets no environment (no
 * tokens). A process rather than a worker thread: a worker's heap limit does not catch one huge
 * allocation, which takes the whole Node process down with it (STACK.md).
 */
export class ChildWorker<Request, Reply> {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess | undefined> | undefined;
  private running: Running<Reply> | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ChildWorkerOptions) {}

  /** Runs one task. */
  run(request: Request, limits: TaskLimits): Promise<ChildOutcome<Reply>> {
    clearTimeout(this.idleTimer);
    const run = this.tail.then(() => this.runNow(request, limits));
    const tail: Promise<unknown> = run.then(() => {
      if (this.tail === tail) this.stopWhenIdle();
    });
    this.tail = tail;
    // A caller that gives up while its task waits its turn gets its answer at once (the task is skipped).
    const givenUp = (): ChildOutcome<Reply> => ({ ok: false, reason: "aborted" });
    return withTimeout(run, Infinity, undefined, { signal: limits.signal, onAbort: givenUp });
  }

  /** Stops the child (a later task starts a new one). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.child) await this.kill(this.child);
  }

  /** Whether a child process is running now (for tests: it is not started before the first task). */
  get started(): boolean {
    return this.child !== undefined;
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private async runNow(request: Request, { timeoutMs, signal }: TaskLimits): Promise<ChildOutcome<Reply>> {
    if (signal?.aborted) return { ok: false, reason: "aborted" };
    const late = () => "unstarted" as const;
    const aborted = () => "aborted" as const;
    const startLimit = this.options.startLimitMs ?? Infinity;
    const child = await withTimeout(this.start(), startLimit, late, { signal, onAbort: aborted });
    if (child === undefined) return { ok: false, reason: signal?.aborted ? "aborted" : "crashed" };
    if (typeof child === "string") {
      if (this.child) await this.kill(this.child);
      return { ok: false, reason: child };
    }
    const id = this.nextId++;
    const answer = new Promise<ChildOutcome<Reply>>((resolve) => {
      this.running = { id, settle: resolve };
      child.ref();
      child.channel?.ref();
      child.send({ id, request });
    });
    const stop = (reason: "timeout" | "aborted") => (): ChildOutcome<Reply> => {
      void this.kill(child);
      return { ok: false, reason };
    };
    const outcome = withTimeout(answer, timeoutMs, stop("timeout"), { signal, onAbort: stop("aborted") });
    return outcome.finally(() => {
      this.running = undefined;
      child.unref();
      child.channel?.unref();
    });
  }

  private start(): Promise<ChildProcess | undefined> {
    if (this.ready) return this.ready;
    const child = spawnChild(this.options.program, this.options.maxMemoryMb);
    this.child = child;
    const ready = new Promise<ChildProcess | undefined>((resolve) => {
      child.on("message", (message: Message<Reply>) => {
        if (message.type === "ready") resolve(child);
        else if (this.running && message.id === this.running.id) {
          this.running.settle({ ok: true, reply: message.reply as Reply });
        }
      });
      child.on("error", () => {
        resolve(undefined);
        void this.kill(child);
      });
      child.on("exit", (code, signal) => {
        resolve(undefined);
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        // V8 aborts the process (SIGABRT, or exit 134) when the heap limit is reached.
        const outOfMemory = signal === "SIGABRT" || code === 134;
        this.running?.settle({ ok: false, reason: outOfMemory ? "memory" : "crashed" });
      });
    });
    this.ready = ready;
    return ready;
  }

  private async kill(child: ChildProcess): Promise<void> {
    if (this.child === child) {
      this.child = undefined;
      this.ready = undefined;
    }
    await killAndWait(child);
  }
}

/** Stops a child process at once and resolves when it has exited (at once if it already has). */
export async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}
