import { ChildWorker } from "../child-process/worker.js";
import { InputError } from "../input-error.js";
import { lazy } from "../lazy.js";
import { msLeft } from "../time/deadline.js";

/** unpdf (pdf.js built for servers, no native parts): loaded with the first PDF, some 4 MB. */
export const loadUnpdf = lazy(() => import("unpdf"));

export interface PdfText {
  text: string;
  title?: string;
  pages: number;
  /** Pages read (fewer than `pages` when the limits stopped it). */
  pagesRead: number;
}

export interface PdfLimits {
  maxPages: number;
  /** Reading stops at the first page that starts after this deadline (`deadlineIn`, time/deadline.ts). */
  deadline: number;
  signal?: AbortSignal;
}

export interface PdfTask {
  data: Uint8Array;
  maxPages: number;
  deadline: number;
}

export type PdfAnswer = { ok: true; pdf: PdfText } | { ok: false; error: string; input: boolean };

const here = import.meta.url;
const entry = new URL(here.endsWith(".ts") ? "./pdf-process.ts" : "./pdf-process.js", here);

/** Started by the first PDF (not at boot), stopped after a minute without one. */
const worker = new ChildWorker<PdfTask, PdfAnswer>({ program: { entry }, maxMemoryMb: 512, idleMs: 60_000 });

/** A page still being read this long after the deadline is stopped with its process. */
const GRACE_MS = 2_000;

/**
 * The text of a PDF (see `readPdfNow`), read in a child process: pdf.js parses on the thread that calls
 * it, and one page of a hostile PDF could otherwise hold the event loop. The pages read before the
 * deadline are kept; a page that runs on past it stops the process, and the PDF is refused.
 */
export async function readPdf(data: Buffer, limits: PdfLimits): Promise<PdfText> {
  const outcome = await worker.run(
    { data, maxPages: limits.maxPages, deadline: limits.deadline },
    { timeoutMs: Math.max(1_000, msLeft(limits.deadline)) + GRACE_MS, signal: limits.signal },
  );
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "timeout":
        throw new InputError("The PDF is too complex: reading it took too long and was stopped.");
      case "memory":
        throw new InputError("The PDF needed more memory than allowed to read and was stopped.");
      case "aborted":
        throw new InputError("Reading the PDF was stopped.");
      case "unstarted": // no start limit is set
      case "crashed":
        throw new InputError("The PDF reader stopped unexpectedly on this file.");
    }
  }
  if (!outcome.reply.ok) {
    if (outcome.reply.input) throw new InputError(outcome.reply.error);
    throw new Error(outcome.reply.error);
  }
  return outcome.reply.pdf;
}

/** Stops the PDF reader's child process, if it runs (tests; the next PDF starts a new one). */
export function stopPdfReader(): Promise<void> {
  return worker.close();
}

/**
 * The text of a PDF, page by page, as paragraphs: lines that end a sentence end a paragraph, other line
 * breaks inside a paragraph are joined (without a space between Chinese characters). Scanned PDFs have
 * no text layer: they answer an InputError saying so. Runs in the PDF reader's child process.
 */
export async function readPdfNow(data: Uint8Array, limits: PdfLimits): Promise<PdfText> {
  const { getDocumentProxy } = await loadUnpdf();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(data));
  } catch (error) {
    throw new InputError(`The PDF cannot be read: ${(error as Error).message}`);
  }
  try {
    const pages: string[] = [];
    const total = pdf.numPages;
    for (let number = 1; number <= Math.min(total, limits.maxPages); number++) {
      if (msLeft(limits.deadline) < 0 || limits.signal?.aborted) break;
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let raw = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        raw += item.str + (item.hasEOL ? "\n" : "");
      }
      pages.push(paragraphs(raw));
      page.cleanup();
    }
    const text = pages.filter(Boolean).join("\n\n");
    if (!text.trim()) {
      throw new InputError("The PDF has no text layer (a scan?); only PDFs with text can be added.");
    }
    const title = await pdfTitle(pdf);
    return { text, title, pages: total, pagesRead: pages.length };
  } finally {
    await pdf.destroy();
  }
}

async function pdfTitle(pdf: { getMetadata(): Promise<{ info: unknown }> }): Promise<string | undefined> {
  try {
    const { info } = await pdf.getMetadata();
    const title = (info as { Title?: unknown }).Title;
    return typeof title === "string" && title.trim() ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}

const SENTENCE_END = /[.!?。！？:：;；]["”’)）]*$/u;
const CJK_EDGE = /\p{Script=Han}$/u;
const CJK_START = /^\p{Script=Han}/u;

function paragraphs(raw: string): string {
  const lines = raw
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  let out = "";
  for (const line of lines) {
    if (!out) out = line;
    else if (SENTENCE_END.test(out)) out += `\n\n${line}`;
    else out += CJK_EDGE.test(out) && CJK_START.test(line) ? line : ` ${line}`;
  }
  return out;
}
