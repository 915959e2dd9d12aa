import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

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
}

export interface PageLink {
  text: string;
  url: string;
}

/** Page chrome dropped when Readability finds no article and the whole body is converted. */
const CHROME =
  "script, style, noscript, template, iframe, svg, canvas, form, button, select, nav, header, footer, aside, " +
  '[role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"], [hidden]';

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
  emDelimiter: "*",
});
turndown.remove(["script", "style", "noscript", "template", "iframe"]);
// Links become their text: URLs would double the length; the caller can ask for the list of links instead.
turndown.addRule("linkText", { filter: "a", replacement: (content) => content });
turndown.addRule("imageAlt", {
  filter: "img",
  replacement: (_content, node) => {
    const alt = (node as { getAttribute(name: string): string | null }).getAttribute("alt")?.trim();
    return alt ? `[image: ${alt}]` : "";
  },
});
turndown.addRule("compactListItem", {
  filter: "li",
  replacement: (content, node) => {
    const item = node as unknown as { parentNode: ListParent | null; nextSibling: unknown };
    const parent = item.parentNode;
    let prefix = "- ";
    if (parent?.nodeName === "OL") {
      const start = Number(parent.getAttribute("start") ?? 1) || 1;
      prefix = `${start + Array.prototype.indexOf.call(parent.children, item)}. `;
    }
    const body = content
      .replace(/^\n+/, "")
      .replace(/\n+$/, "\n")
      .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
    return prefix + body.trimEnd() + (item.nextSibling ? "\n" : "");
  },
});

interface ListParent {
  nodeName: string;
  children: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
}

/** Main content of an HTML page as Markdown, with title, byline and site name. */
export function extractPage(html: string, pageUrl: string, options: { links: boolean }): ExtractedPage {
  const { document } = parseHTML(html);
  const baseUrl = documentBase(document, pageUrl);
  const links = options.links ? collectLinks(document, baseUrl) : undefined;
  const documentTitle = text(document.querySelector("title")?.textContent);

  const article = readArticle(document);
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
    markdown: toMarkdown(contentHtml),
    readable,
    links,
  };
}

function readArticle(document: unknown): ReturnType<Readability["parse"]> {
  try {
    const dom = document as ConstructorParameters<typeof Readability>[0];
    return new Readability(dom, { charThreshold: 200 }).parse();
  } catch {
    return null; // Readability trips over some malformed documents: fall back to the whole body
  }
}

export function toMarkdown(html: string): string {
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
    links.push({ text: label.length > 80 ? `${label.slice(0, 79)}…` : label, url: url.href });
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
