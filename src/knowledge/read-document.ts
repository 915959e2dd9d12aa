import { InputError } from "../input-error.js";
import { decodeBody, parseContentType } from "../net/charset.js";
import { NetError } from "../net/errors.js";
import { overflowNote, readPage } from "../net/page-reader.js";
import { msLeft } from "../time/deadline.js";
import { readPdf } from "./pdf.js";

/** A document as text: Markdown for Markdown and HTML (its main content), plain text, or a PDF's text. */
export interface ReadDocument {
  text: string;
  title?: string;
  contentType: "text/markdown" | "text/plain" | "text/html" | "application/pdf";
  /** What was left out, for the answer ("only the first 500 of 812 pages were read"). */
  note?: string;
}

export interface ReadHints {
  /** The file name or URL path it came under (its extension helps tell the type). */
  name?: string;
  /** The Content-Type it came with. */
  contentType?: string;
  /** For HTML: the page's URL, to resolve its links and base. */
  url?: string;
}

export interface ReadLimits {
  maxPdfPages: number;
  deadline: number;
  signal?: AbortSignal;
}

type Kind = "pdf" | "html" | "markdown" | "text";

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const MARKDOWN = /\.(md|markdown|mdown|mkd)$/i;
const HTML_NAME = /\.(html?|xhtml)$/i;
/** PNG, GIF, JPEG, ZIP (docx, xlsx too), RIFF (WebP, WAV): files that are not text, whatever their name. */
const BINARY_STARTS = ["\x89PNG", "GIF8", "\xff\xd8\xff", "PK\x03\x04", "RIFF"];

/** Reads bytes as one of the supported kinds: PDF, HTML, Markdown or plain text. Else an InputError. */
export async function readDocument(
  data: Buffer,
  hints: ReadHints,
  limits: ReadLimits,
): Promise<ReadDocument> {
  const kind = kindOf(data, hints);
  if (kind === "pdf") {
    const pdf = await readPdf(data, {
      maxPages: limits.maxPdfPages,
      deadline: limits.deadline,
      signal: limits.signal,
    });
    const note =
      pdf.pagesRead < pdf.pages
        ? `Only the first ${pdf.pagesRead} of ${pdf.pages} pages were read.`
        : undefined;
    return { text: pdf.text, title: pdf.title, contentType: "application/pdf", ...(note ? { note } : {}) };
  }
  const { text } = await decodeBody(data, hints.contentType, kind === "html");
  if (kind === "html") return readHtml(text, hints, limits);
  const body = text.replace(/^\uFEFF/, "");
  return {
    text: body,
    title: markdownTitle(body),
    contentType: kind === "markdown" ? "text/markdown" : "text/plain",
  };
}

async function readHtml(html: string, hints: ReadHints, limits: ReadLimits): Promise<ReadDocument> {
  try {
    const page = await readPage(html, hints.url ?? "http://localhost/", {
      links: false,
      timeoutMs: Math.min(30_000, Math.max(1_000, msLeft(limits.deadline))),
      signal: limits.signal,
    });
    return {
      text: page.markdown || page.excerpt || "",
      title: page.title,
      contentType: "text/html",
      ...(page.overflow ? { note: overflowNote(page.overflow) } : {}),
    };
  } catch (error) {
    if (error instanceof NetError) throw new InputError(error.message);
    throw error;
  }
}

function kindOf(data: Buffer, hints: ReadHints): Kind {
  const start = data.subarray(0, 1024).toString("latin1");
  if (start.startsWith("%PDF-")) return "pdf";
  const { mime } = parseContentType(hints.contentType);
  const name = hints.name ?? "";
  if (mime === "application/pdf" || /\.pdf$/i.test(name)) {
    throw new InputError("This is not a PDF: it does not start like one.");
  }
  if (HTML_TYPES.has(mime) || HTML_NAME.test(name)) return "html";
  if (/^\s*<(!doctype html|html[\s>])/i.test(start)) return "html";
  if (BINARY_STARTS.some((magic) => start.startsWith(magic)) || data.subarray(0, 1024).includes(0)) {
    throw new InputError(
      `${name || "This file"} is ${mime || "a binary file"}; the knowledge base reads Markdown, text, HTML and PDF.`,
    );
  }
  if (mime === "text/markdown" || MARKDOWN.test(name)) return "markdown";
  return mime.startsWith("text/") || !mime || /json|xml|octet-stream/.test(mime) ? "text" : unsupported(mime);
}

function unsupported(mime: string): never {
  throw new InputError(`${mime} is not supported; the knowledge base reads Markdown, text, HTML and PDF.`);
}

function markdownTitle(text: string): string | undefined {
  const heading = /^#{1,2}\s+(.+?)\s*#*\s*$/m.exec(text.slice(0, 4000));
  return heading?.[1]?.replace(/[*_`]/g, "").trim() || undefined;
}
