import { spawn } from "node:child_process";
import { ToolError } from "../../contract.js";

export type RegexJob =
  | { op: "match"; source: string; flags: string; text: string; maxMatches: number }
  | { op: "replace"; source: string; flags: string; text: string; replacement: string }
  | { op: "split"; source: string; flags: string; text: string };

export interface RegexMatch {
  match: string;
  /** Offset in Unicode code points. */
  index: number;
  groups?: Array<string | null>;
  named?: Record<string, string | null>;
}

export type RegexAnswer =
  | { op: "match"; total: number; matches: RegexMatch[] }
  | { op: "replace"; text: string; replacements: number }
  | { op: "split"; parts: string[] };

/**
 * Runs in a throw-away child process, so a pattern that backtracks catastrophically (`(a+)+$`) is
 * stopped by killing the process instead of freezing Cyrene. One process per job, killed when it answers:
 * nothing stays resident between calls.
 */
const WORKER_SOURCE = String.raw`
"use strict";
let job;
function run() {
  const global = () => new RegExp(job.source, job.flags.includes("g") ? job.flags : job.flags + "g");
  switch (job.op) {
    case "match": {
      const matches = [];
      let total = 0;
      let units = 0;
      let points = 0;
      for (const m of job.text.matchAll(global())) {
        total++;
        if (matches.length >= job.maxMatches) continue;
        for (const _ of job.text.slice(units, m.index)) points++;
        units = m.index;
        const item = { match: m[0], index: points };
        if (m.length > 1) item.groups = m.slice(1).map((g) => (g === undefined ? null : g));
        if (m.groups) item.named = Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, v === undefined ? null : v]));
        matches.push(item);
      }
      return { op: "match", total, matches };
    }
    case "replace": {
      let replacements = 0;
      for (const _ of job.text.matchAll(global())) replacements++;
      return { op: "replace", text: job.text.replace(global(), job.replacement), replacements };
    }
    case "split":
      return { op: "split", parts: job.text.split(new RegExp(job.source, job.flags)) };
  }
}
process.once("message", (received) => {
  job = received;
  process.send({ started: true });
  try {
    process.send({ ok: true, answer: run() });
  } catch (error) {
    process.send({ ok: false, error: String(error && error.message ? error.message : error) });
  }
});
`;

const STARTUP_LIMIT_MS = 15_000;

/** Runs one regular-expression job with a time limit. */
export function runRegex(job: RegexJob, timeoutMs: number, signal: AbortSignal): Promise<RegexAnswer> {
  return new Promise<RegexAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(new ToolError(`Stopped: ${String(signal.reason)}`));
    // A process, not a worker thread: a worker's heap limit does not catch one huge allocation (a
    // replacement like "$&$&$&…" over a long text), which would take all of Cyrene down.
    const worker = spawn(process.execPath, ["--max-old-space-size=128", "-e", WORKER_SOURCE], {
      env: {},
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      worker.kill("SIGKILL");
      action();
    };
    const timeout = () =>
      settle(() =>
        reject(
          new ToolError(
            `The regular expression took longer than ${timeoutMs} ms and was stopped (正则超时). It probably backtracks ` +
              "catastrophically (e.g. nested quantifiers like (a+)+): simplify the pattern.",
          ),
        ),
      );
    // The limit counts from when the worker starts running the job; starting a process can be slow
    // on a busy machine, which is guarded separately.
    let timer = setTimeout(
      () => settle(() => reject(new ToolError("The regular-expression worker did not start in time."))),
      STARTUP_LIMIT_MS,
    );
    const onAbort = () => settle(() => reject(new ToolError(`Stopped: ${String(signal.reason)}`)));
    signal.addEventListener("abort", onAbort, { once: true });
    worker.on(
      "message",
      (reply: { started?: boolean; ok?: boolean; answer?: RegexAnswer; error?: string }) => {
        if (reply.started) {
          clearTimeout(timer);
          timer = setTimeout(timeout, timeoutMs);
          return;
        }
        settle(() =>
          reply.ok
            ? resolve(reply.answer!)
            : reject(new ToolError(`Regular expression error (正则错误): ${reply.error}`)),
        );
      },
    );
    worker.on("error", (error: Error) =>
      settle(() => reject(new ToolError(`The regular expression failed: ${error.message}`))),
    );
    worker.on("exit", (code, exitSignal) =>
      settle(() =>
        reject(
          new ToolError(
            // V8 aborts the process when the heap limit is reached.
            exitSignal === "SIGABRT" || code === 134
              ? "The regular expression needed too much memory and was stopped (内存超限)."
              : "The regular expression worker stopped unexpectedly.",
          ),
        ),
      ),
    );
    worker.send(job);
  });
}
