import { runInFreshChild } from "../../../child-process/run-once.js";
import type { ChildFailure } from "../../../child-process/worker.js";
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
function run(job) {
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
serveInChild((job) => {
  try {
    return { ok: true, answer: run(job) };
  } catch (error) {
    return { ok: false, error: String(error && error.message ? error.message : error) };
  }
});
`;

const STARTUP_LIMIT_MS = 15_000;

type RegexReply = { ok: true; answer: RegexAnswer } | { ok: false; error: string };

/** Runs one regular-expression job with a time limit (counted from when the child has the job). */
export async function runRegex(job: RegexJob, timeoutMs: number, signal: AbortSignal): Promise<RegexAnswer> {
  // A process, not a worker thread: a worker's heap limit does not catch one huge allocation (a
  // replacement like "$&$&$&…" over a long text), which would take all of Cyrene down.
  const outcome = await runInFreshChild<RegexJob, RegexReply>(
    { program: { script: WORKER_SOURCE }, maxMemoryMb: 128, startLimitMs: STARTUP_LIMIT_MS },
    job,
    { timeoutMs, signal },
  );
  if (!outcome.ok) throw new ToolError(failure(outcome.reason, timeoutMs, signal));
  if (!outcome.reply.ok) throw new ToolError(`Regular expression error: ${outcome.reply.error}`);
  return outcome.reply.answer;
}

function failure(reason: ChildFailure, timeoutMs: number, signal: AbortSignal): string {
  switch (reason) {
    case "timeout":
      return (
        `The regular expression took longer than ${timeoutMs} ms and was stopped. It probably backtracks ` +
        "catastrophically (e.g. nested quantifiers like (a+)+): simplify the pattern."
      );
    case "aborted":
      return `Stopped: ${String(signal.reason)}`;
    case "memory":
      return "The regular expression needed too much memory and was stopped.";
    case "unstarted":
      return "The regular-expression worker did not start in time.";
    case "crashed":
      return "The regular-expression worker stopped unexpectedly.";
  }
}
