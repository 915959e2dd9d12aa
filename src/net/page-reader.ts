import { ChildWorker, type ChildFailure } from "../child-process/worker.js";
import { NetError } from "./errors.js";
import type { ExtractedPage } from "./extract.js";
import { PAGE_LIMITS, type PageLimits, type PageOverflow } from "./page-limits.js";

export interface PageRequest {
  html: string;
  url: string;
  links: boolean;
  limits: PageLimits;
}

export type PageReply = { ok: true; page: ExtractedPage } | { ok: false; error: string };

export interface ReadPageOptions {
  /** Collect the page's links. */
  links: boolean;
  /** Time the reading may take (default 10 s); a page that takes longer is too complex. */
  timeoutMs?: number;
  signal?: AbortSignal;
  limits?: PageLimits;
}

const PAGE_TIME_LIMIT_MS = 10_000;

const entry = new URL(
  import.meta.url.endsWith(".ts") ? "./page-process.ts" : "./page-process.js",
  import.meta.url,
);

/** Started with the first page, stopped after a minute without one (it holds some 80 MB). */
const reader = new ChildWorker<PageRequest, PageReply>({
  program: { entry },
  maxMemoryMb: 512,
  idleMs: 60_000,
});

/**
 * The main content of an HTML page as Markdown (see `extractPage`), read in a child process so that no
 * page can hold the event loop: a page that takes longer than `timeoutMs`, or more memory than the child
 * has, is stopped there. A page over the limits (nesting, elements) is read up to where it goes over,
 * `overflow` saying so. Throws `NetError`s: "too_complex" when nothing readable fits the limits or the
 * time, "aborted", "bad_response" when the reader failed.
 */
export async function readPage(html: string, url: string, options: ReadPageOptions): Promise<ExtractedPage> {
  const limits = options.limits ?? PAGE_LIMITS;
  const timeoutMs = options.timeoutMs ?? PAGE_TIME_LIMIT_MS;
  const outcome = await reader.run(
    { html, url, links: options.links, limits },
    { timeoutMs, signal: options.signal },
  );
  if (!outcome.ok) throw failure(outcome.reason, timeoutMs);
  if (!outcome.reply.ok) {
    throw new NetError(`The page could not be read: ${outcome.reply.error}.`, "bad_response");
  }
  const { page } = outcome.reply;
  if (page.overflow && !page.markdown.trim()) {
    throw new NetError(
      `The page is too complex to read: ${overLimit(page.overflow, limits)} before any readable text (页面结构过于复杂，无法读取).`,
      "too_complex",
    );
  }
  return page;
}

/** Says what was left out of a page read up to its limits, for the answer. */
export function overflowNote(overflow: PageOverflow & { length: number }, limits = PAGE_LIMITS): string {
  const share = Math.floor((100 * overflow.at) / Math.max(1, overflow.length));
  const part = share < 1 ? "less than 1 %" : `the first ${share} %`;
  return (
    `The page is too complex to read whole (${overLimit(overflow, limits)}): only ${part} of it was read ` +
    `(页面过于复杂，只读取了${share < 1 ? "不到 1%" : `前 ${share}%`}).`
  );
}

/** Stops the reader's child process, if it runs (tests; a later page starts a new one). */
export function stopPageReader(): Promise<void> {
  return reader.close();
}

/** Whether the reader's child process runs now. */
export function pageReaderStarted(): boolean {
  return reader.started;
}

function overLimit(overflow: PageOverflow, limits: PageLimits): string {
  return overflow.reason === "depth"
    ? `more than ${limits.maxDepth} levels of nested elements`
    : `more than ${thousands(limits.maxElements)} elements`;
}

/** 30000 → "30,000" (toLocaleString's first call loads ICU data: some 30 ms on the event loop). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function failure(reason: ChildFailure, timeoutMs: number): NetError {
  switch (reason) {
    case "timeout":
      return new NetError(
        `The page is too complex: reading it took more than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
        "too_complex",
      );
    case "memory":
      return new NetError(
        "The page is too large: reading it needed more memory than allowed and was stopped.",
        "too_complex",
      );
    case "aborted":
      return new NetError("Reading the page was stopped.", "aborted");
    case "unstarted": // no start limit is set
    case "crashed":
      return new NetError("The page reader stopped unexpectedly on this page.", "bad_response");
  }
}
