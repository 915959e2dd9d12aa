import type { Readability } from "@mozilla/readability";
import type TurndownService from "turndown";
import { lazy } from "../lazy.js";
import { PAGE_LIMITS, type PageLimits, type PageOverflow } from "./page-limits.js";
import { scanPage } from "./page-scan.js";
import { createTurndown } from "./turndown.js";
import { clip } from "../text/clip.js";

export interface ExtractedPage {
  title?: string;
  byline?: string;
  siteName?: string;
  published?: string;
  language?: string;
  excerpt?: string;
  /** The main content as Markdown (links as plain text; see `links`). */
  markdown: string;
  /** False when Readability found no article and the whole page body (minus chrome) was used. */
  readable: boolean;
  links?: PageLink[];
  /** The page went over the limits: only the part before `overflow.at` (of `length` characters) was read. */
  overflow?: PageOverflow & { length: number };
}

export interface PageLink {
  text: string;
  url: string;
}

/** Page chrome dropped when Readability finds no article and the whole body is converted. */
const CHROME =
  "script, style, noscript, template, iframe, svg, canvas, form, button, select, nav, header, footer, aside, " +
  '[role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"], [hidden]';

/** linkedom, Readability and Turndown: together some 40 MB, loaded with the first page read. */
export const loadLibraries = lazy(async () => {
  const [{ parseHTML }, { Readability }, { default: Turndown }] = await Promise.all([
    import("linkedom"),
    import("@mozilla/readability"),
    import("turndown"),
  ]);
  return { parseHTML, Readability, turndown: createTurndown(Turndown) };
});

/**
 * Main content of an HTML page as Markdown, with title, byline and site name. A page that goes over the
 * `limits` (too deeply nested, too many elements) is read up to the first element that does. This is
 * CPU work that grows faster than the page (Readability): the server runs it in a child process
 * (page-reader.ts), never on its event loop.
 */
export async function extractPage(
  html: string,
  pageUrl: string,
  options: { links: boolean; limits?: PageLimits },
): Promise<ExtractedPage> {
  const { parseHTML, Readability, turndown } = await loadLibraries();
  const overflow = scanPage(html, options.limits ?? PAGE_LIMITS);
  const length = html.length;
  if (overflow) html = html.slice(0, overflow.at);
  const { document } = parseHTML(html);
  const baseUrl = documentBase(document, pageUrl);
  const links = options.links ? collectLinks(document, baseUrl) : undefined;
  const documentTitle = text(document.querySelector("title")?.textContent);

  const article = readArticle(Readability, document);
  const readable = !!article?.content && (article.textContent?.trim().length ?? 0) >= 100;
  let contentHtml = readable ? (article?.content ?? "") : "";
  if (!readable) {
    const fresh = parseHTML(html).document; // Readability changed the first one
    for (const element of fresh.querySelectorAll(CHROME)) element.remove();
    contentHtml = fresh.body?.innerHTML ?? fresh.toString();
  }
  const siteName = text(article?.siteName);
  return {
    title: withoutSiteName(text(article?.title) || documentTitle, siteName) || undefined,
    byline: text(article?.byline) || undefined,
    siteName: siteName || undefined,
    published: text(article?.publishedTime) || undefined,
    language: text(article?.lang) || undefined,
    excerpt: text(article?.excerpt) || undefined,
    markdown: toMarkdown(turndown, contentHtml),
    readable,
    links,
    ...(overflow ? { overflow: { ...overflow, length } } : {}),
  };
}

function readArticle(Reader: typeof Readability, document: unknown): ReturnType<Readability["parse"]> {
  try {
    const dom = document as ConstructorParameters<typeof Readability>[0];
    return new Reader(dom, { charThreshold: 200 }).parse();
  } catch {
    return null; // Readability trips over some malformed documents: fall back to the whole body
  }
}

function toMarkdown(turndown: TurndownService, html: string): string {
  return turndown
    .turndown(html)
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

interface Element {
  getAttribute(name: string): string | null;
  textContent: string | null;
}

function documentBase(document: { querySelector(s: string): Element | null }, pageUrl: string): string {
  const href = document.querySelector("base[href]")?.getAttribute("href");
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

const MAX_LINKS = 80;

function collectLinks(
  document: { querySelectorAll(s: string): Iterable<Element> },
  base: string,
): PageLink[] {
  const links: PageLink[] = [];
  const seen = new Set<string>();
  for (const anchor of document.querySelectorAll("a[href]")) {
    const href = anchor.getAttribute("href")?.trim() ?? "";
    if (!href || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const label =
      text(anchor.textContent) ||
      text(anchor.getAttribute("title")) ||
      text(anchor.getAttribute("aria-label"));
    links.push({ text: clip(label, 80), url: url.href });
    if (links.length >= MAX_LINKS) break;
  }
  return links;
}

/** "Title | Site" → "Title" when the site name is known. */
function withoutSiteName(title: string, siteName: string): string {
  if (!title || !siteName) return title;
  const site = siteName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const separator = "\\s+[|\\-–—:·»]\\s+|\\s*[|｜–—·»]\\s*";
  const stripped = title
    .replace(new RegExp(`(${separator})${site}$`, "i"), "")
    .replace(new RegExp(`^${site}(${separator})`, "i"), "")
    .trim();
  return stripped || title;
}

function text(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}
