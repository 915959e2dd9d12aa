import type { IOptions as SanitizeOptions } from "sanitize-html";
import { lazy } from "../../../lazy.js";
import { headings, links, tables, toPlainText } from "./extract.js";

export const OPERATIONS = ["html", "text", "headings", "links", "tables"] as const;

export interface MarkdownTask {
  operation: (typeof OPERATIONS)[number];
  markdown: string;
  maxItems: number;
}

/** The answer's data, or the error to give the LLM. */
export type MarkdownAnswer = { ok: true; data: Record<string, unknown> } | { ok: false; error: string };

/**
 * A second line of defence: raw HTML is already escaped by markdown-it (`html: false`), so this mainly
 * guards link URLs and markdown-it's own output. Tags and attributes markdown-it produces, and a few
 * harmless ones. Everything else is dropped with its content (script, style, iframe, svg, math, form…).
 * Only attributes listed here survive, so event handlers (`on…`) and URL-bearing attributes such as
 * `formaction`, `poster` or `xlink:href` never do; URLs in href/src must be http(s)/mailto/tel.
 */
const SANITIZE: SanitizeOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "b", "i",
    "u", "s", "del", "ins", "mark", "sub", "sup", "kbd", "small", "span", "div", "ul", "ol", "li", "dl", "dt",
    "dd", "a", "img", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "details", "summary",
  ], // prettier-ignore
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start"],
    th: ["style", "colspan", "rowspan"],
    td: ["style", "colspan", "rowspan"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[\w+#.-]{1,40}$/] },
  allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** Both libraries are loaded on the first call: a server that never sees Markdown does not hold them. */
const parsers = lazy(async () => {
  const { default: MarkdownIt } = await import("markdown-it");
  return {
    /** For rendering: raw HTML in the Markdown is shown as text, and the output is sanitized as well. */
    textOnly: new MarkdownIt({ html: false, linkify: true }),
    /** Recognises raw HTML, for plain text: its tags are stripped and never re-parsed as HTML. */
    withHtml: new MarkdownIt({ html: true, linkify: true }),
  };
});
const sanitizer = lazy(async () => (await import("sanitize-html")).default);

/** Loads markdown-it and sanitize-html (the child process does it before its first task). */
export const loadMarkdownLibraries = () => Promise.all([parsers(), sanitizer()]);

/**
 * One operation on a Markdown text. Linear in the text, but some hundred milliseconds for 200,000
 * characters: the tool runs it in a child process (markdown-process.ts), off the event loop.
 */
export async function runMarkdown({ operation, markdown, maxItems }: MarkdownTask): Promise<MarkdownAnswer> {
  const { textOnly, withHtml } = await parsers();
  switch (operation) {
    case "html": {
      const sanitizeHtml = await sanitizer();
      return { ok: true, data: { html: sanitizeHtml(textOnly.render(markdown), SANITIZE).trim() } };
    }
    case "text":
      return { ok: true, data: { text: toPlainText(withHtml.parse(markdown, {})) } };
    case "headings":
      return { ok: true, data: capped("headings", headings(textOnly.parse(markdown, {})), maxItems) };
    case "links":
      return { ok: true, data: capped("links", links(textOnly.parse(markdown, {})), maxItems) };
    case "tables": {
      const found = tables(textOnly.parse(markdown, {}), maxItems);
      if (found.length === 0)
        return { ok: false, error: "No Markdown table found (tables need a header row and a |---| line)." };
      return { ok: true, data: capped("tables", found, maxItems) };
    }
  }
}

function capped<T>(key: string, items: T[], max: number): Record<string, unknown> {
  if (items.length <= max) return { [key]: items, count: items.length };
  return { [key]: items.slice(0, max), count: items.length, truncated: `only the first ${max} are listed` };
}
