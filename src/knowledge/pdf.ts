import { InputError } from "../input-error.js";
import { lazy } from "../lazy.js";

/** unpdf (pdf.js built for servers, no native parts): loaded with the first PDF, some 4 MB. */
const loadUnpdf = lazy(() => import("unpdf"));

export interface PdfText {
  text: string;
  title?: string;
  pages: number;
  /** Pages read (fewer than `pages` when the limits stopped it). */
  pagesRead: number;
}

export interface PdfLimits {
  maxPages: number;
  /** Reading stops at the first page that starts after this instant (ms since the epoch). */
  deadline: number;
  signal?: AbortSignal;
}

/**
 * The text of a PDF, page by page, as paragraphs: lines that end a sentence end a paragraph, other line
 * breaks inside a paragraph are joined (without a space between Chinese characters). Scanned PDFs have
 * no text layer: they answer an InputError saying so.
 */
export async function readPdf(data: Buffer, limits: PdfLimits): Promise<PdfText> {
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
      if (Date.now() > limits.deadline || limits.signal?.aborted) break;
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
