import { createRequire } from "node:module";
import { ChildWorker, type ChildFailure } from "../../../child-process/worker.js";
import { ToolError } from "../../contract.js";
import { CALCULATOR_WORKER_SOURCE } from "./worker-source.js";

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
  private readonly worker: ChildWorker<string, SandboxAnswer>;

  constructor(private readonly options: SandboxOptions) {
    const mathjs = createRequire(import.meta.url).resolve("mathjs");
    this.worker = new ChildWorker({
      program: { script: CALCULATOR_WORKER_SOURCE, args: [mathjs] },
      maxMemoryMb: options.maxMemoryMb,
      idleMs: options.idleMs,
    });
  }

  async evaluate(expression: string, signal: AbortSignal): Promise<SandboxAnswer> {
    const outcome = await this.worker.run(expression, { timeoutMs: this.options.timeoutMs, signal });
    if (!outcome.ok) throw new ToolError(this.failure(outcome.reason, signal));
    return outcome.reply;
  }

  /** Stops the calculator process (a later call starts a new one). */
  close(): Promise<void> {
    return this.worker.close();
  }

  private failure(reason: ChildFailure, signal: AbortSignal): string {
    switch (reason) {
      case "timeout":
        return `The calculation did not finish within ${this.options.timeoutMs} ms and was stopped. Simplify the expression or use smaller numbers.`;
      case "aborted":
        return `The calculation was stopped: ${String(signal.reason ?? "aborted")}`;
      case "memory":
        return "The calculation needed too much memory and was stopped. Use smaller matrices or ranges.";
      case "crashed":
      case "unstarted":
        return "The calculator stopped unexpectedly.";
    }
  }
}
