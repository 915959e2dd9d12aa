import type { IOptions as SanitizeOptions } from "sanitize-html";
import { z } from "zod";
import { lazy } from "../../lazy.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { headings, links, tables, toPlainText } from "./markdown/extract.js";

export interface MarkdownToolOptions {
  /** Longest Markdown text accepted, in characters. Default 200,000. */
  maxInputChars?: number;
  /** Most headings, links, tables or rows per table listed in one answer. Default 500. */
  maxItems?: number;
}

const OPERATIONS = ["html", "text", "headings", "links", "tables"] as const;

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

const DESCRIPTION =
  "Markdown to HTML or plain text (纯文本); its headings (标题/目录), links (链接), tables as JSON (表格).";

export function markdownTool(options: MarkdownToolOptions = {}): Tool {
  const maxInputChars = options.maxInputChars ?? 200_000;
  const maxItems = options.maxItems ?? 500;

  const parameters = z.object({
    operation: z.enum(OPERATIONS),
    markdown: z
      .string()
      .max(maxInputChars, `markdown is longer than ${maxInputChars} characters; send a smaller part`),
  });

  return defineTool({
    name: "markdown",
    description: DESCRIPTION,
    parameters,
    async execute(args) {
      const { markdown } = args;
      const { textOnly, withHtml } = await parsers();
      switch (args.operation) {
        case "html": {
          const sanitizeHtml = await sanitizer();
          return { html: sanitizeHtml(textOnly.render(markdown), SANITIZE).trim() };
        }
        case "text":
          return { text: toPlainText(withHtml.parse(markdown, {})) };
        case "headings":
          return capped("headings", headings(textOnly.parse(markdown, {})), maxItems);
        case "links":
          return capped("links", links(textOnly.parse(markdown, {})), maxItems);
        case "tables": {
          const found = tables(textOnly.parse(markdown, {}), maxItems);
          if (found.length === 0)
            throw new ToolError("No Markdown table found (tables need a header row and a |---| line).");
          return capped("tables", found, maxItems);
        }
      }
    },
  });
}

function capped<T>(key: string, items: T[], max: number): Record<string, unknown> {
  if (items.length <= max) return { [key]: items, count: items.length };
  return { [key]: items.slice(0, max), count: items.length, truncated: `only the first ${max} are listed` };
}
