import { decodeBody, parseContentType } from "./charset.js";
import { NetError } from "./errors.js";
import type { PageLink } from "./extract.js";
import { guardedFetch, type GuardedResponse, type ResponseHead } from "./fetch.js";
import type { NetworkGuard } from "./guard.js";
import { overflowNote, readPage } from "./page-reader.js";
import { formatBytes, isJsonType, isTextType } from "./text.js";

export interface DocumentRequest {
  url: string | URL;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
  /** Collect the page's links (HTML only). */
  links?: boolean;
}

/** A fetched page or text file, as text a person (or an LLM) reads. */
export interface FetchedDocument {
  /** The URL that answered, after redirects. */
  url: string;
  kind: "html" | "text";
  /** Media type as sent ("" when the server sent none). */
  mime: string;
  /** HTML: the main content as Markdown. Text: the body as is (JSON pretty-printed). */
  text: string;
  title?: string;
  byline?: string;
  siteName?: string;
  published?: string;
  language?: string;
  links?: PageLink[];
  /** Bytes read (after decompression). */
  bytes: number;
  /** The body was longer than `maxBytes`; `text` comes from the first `maxBytes`. */
  truncated: boolean;
  /** HTML too complex to read whole: what was left out (the first part was read). */
  complexity?: string;
}

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
/** Read anyway, then sniffed: servers label HTML and text with these too. */
const SNIFF_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream", "application/unknown"]);

type ContentKind = "html" | "text" | "pdf" | "image" | "binary";

/**
 * Fetches a URL through the guard and returns its readable text: the main content of an HTML page as
 * Markdown (Readability, in the page reader's child process), or a text/JSON/XML body as is, decoded from
 * its charset. Throws `NetError`s: kind "http_status" for 4xx/5xx answers, "unsupported_type" for PDFs,
 * images and other binaries (whose bodies are not downloaded when the Content-Type already says so),
 * those of `readPage` ("too_complex") and those of `guardedFetch`.
 */
export async function fetchDocument(guard: NetworkGuard, request: DocumentRequest): Promise<FetchedDocument> {
  const response = await guardedFetch(guard, {
    url: request.url,
    headers: {
      accept: "text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5",
      "accept-language": "zh-CN,zh;q=0.9,en;q=0.8",
    },
    timeoutMs: request.timeoutMs,
    maxBytes: request.maxBytes,
    maxRedirects: request.maxRedirects,
    signal: request.signal,
    readBody: (head) => head.status < 400 && isReadable(head),
  });
  if (response.status >= 400) throw new NetError(httpFailure(response), "http_status");
  if (response.bodySkipped) throw new NetError(notText(response), "unsupported_type");

  const contentType = response.headers["content-type"];
  const { mime } = parseContentType(contentType);
  const kind = contentKind(mime, response.body);
  if (kind !== "html" && kind !== "text") throw new NetError(notText(response, kind), "unsupported_type");

  const { text } = await decodeBody(response.body, contentType, kind === "html" || /xml/.test(mime));
  const base = { url: response.url, mime, bytes: response.body.length, truncated: response.truncated };
  if (kind === "text") {
    return { ...base, kind, text: isJsonType(mime) ? prettyJson(text) : text.trim() };
  }
  const page = await readPage(text, response.url, { links: request.links ?? false, signal: request.signal });
  return {
    ...base,
    kind,
    text: page.markdown || page.excerpt || "",
    title: page.title,
    byline: page.byline,
    siteName: page.siteName,
    published: page.published,
    language: page.language,
    links: page.links,
    ...(page.overflow ? { complexity: overflowNote(page.overflow) } : {}),
  };
}

function isReadable(head: ResponseHead): boolean {
  const { mime } = parseContentType(head.headers["content-type"]);
  return HTML_TYPES.has(mime) || isTextType(mime) || SNIFF_TYPES.has(mime);
}

function contentKind(mime: string, body: Buffer): ContentKind {
  const start = body.subarray(0, 1024);
  const latin1 = start.toString("latin1");
  if (latin1.startsWith("%PDF-")) return "pdf";
  if (/^(\x89PNG|GIF8|\xff\xd8\xff|RIFF....WEBP)/s.test(latin1.slice(0, 12))) return "image";
  if (HTML_TYPES.has(mime)) return "html";
  if (isTextType(mime)) return /^\s*<(!doctype html|html[\s>])/i.test(latin1) ? "html" : "text";
  if (start.includes(0)) return "binary";
  return /<(!doctype html|html|head|body)[\s>]/i.test(latin1) ? "html" : "text";
}

function sizeOf(response: GuardedResponse): string {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > 0) return formatBytes(declared);
  if (response.bodySkipped) return "size unknown";
  return response.truncated ? `over ${formatBytes(response.body.length)}` : formatBytes(response.body.length);
}

function notText(response: GuardedResponse, kind?: ContentKind): string {
  const { mime } = parseContentType(response.headers["content-type"]);
  const what =
    kind === "pdf" || mime === "application/pdf"
      ? "a PDF"
      : kind === "image" || mime.startsWith("image/")
        ? `an image (${mime || "image"})`
        : mime.startsWith("audio/") || mime.startsWith("video/")
          ? `a media file (${mime})`
          : `a ${mime || "binary"} file`;
  return `${response.url} is ${what} (${sizeOf(response)}), not an HTML or text page.`;
}

function httpFailure(response: GuardedResponse): string {
  const status = `${response.status} ${response.statusText}`.trim();
  const hint =
    response.status === 401 || response.status === 403
      ? " The site needs a login or blocks automated readers."
      : response.status === 404 || response.status === 410
        ? " The page does not exist (any more)."
        : response.status === 429
          ? " The site is rate-limiting; try again later."
          : response.status >= 500
            ? " The site has a problem; try again later."
            : "";
  return `${response.url} answered HTTP ${status}.${hint}`;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 1);
  } catch {
    return text.trim();
  }
}
