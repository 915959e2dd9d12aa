import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { headings, links, tables, toPlainText } from "./markdown/extract.js";

export interface MarkdownToolOptions {
  /** Longest Markdown text accepted, in characters. Default 200,000. */
  maxInputChars?: number;
  /** Most headings, links, tables or rows per table listed in one answer. Default 500. */
  maxItems?: number;
}

const OPERATIONS = ["to_html", "to_text", "headings", "links", "tables"] as const;

/**
 * Tags and attributes markdown-it produces, and a few harmless ones users write by hand. Everything
 * else is dropped together with its content (script, style, iframe, svg, math, form, xmp, noscript…).
 * Only attributes listed here survive, so event handlers (`on…`) and URL-bearing attributes such as
 * `formaction`, `poster` or `xlink:href` never do; URLs in href/src must be http(s)/mailto/tel.
 */
const SANITIZE: sanitizeHtml.IOptions = {
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

/** Parser for rendering: raw HTML in the Markdown is shown as text unless the caller opts in. */
const textOnly = new MarkdownIt({ html: false, linkify: true });
/** Parser that recognises raw HTML; its output always goes through sanitize-html or is reduced to text. */
const withHtml = new MarkdownIt({ html: true, linkify: true });

export function markdownTool(options: MarkdownToolOptions = {}): Tool {
  const maxInputChars = options.maxInputChars ?? 200_000;
  const maxItems = options.maxItems ?? 500;

  const parameters = z.object({
    operation: z
      .enum(OPERATIONS)
      .describe(
        "to_html: render to safe HTML. to_text: strip formatting to plain text. headings: list headings " +
          "(level, text, line). links: list links and images (text, url, line). tables: convert every table " +
          "to JSON rows keyed by the header cells.",
      ),
    markdown: z
      .string()
      .max(maxInputChars, `markdown is longer than ${maxInputChars} characters; send a smaller part`)
      .describe("The Markdown source text itself (not a file path or URL)."),
    allow_html: z
      .boolean()
      .optional()
      .describe(
        "to_html only. false (default): raw HTML tags in the Markdown are shown as literal text. true: keep " +
          "harmless HTML tags such as <br>, <details>, <sub>; scripts, event handlers and unsafe URLs are " +
          "always removed.",
      ),
  });

  return defineTool({
    name: "markdown",
    description:
      "Work with Markdown text (Markdown 文本/格式转换): render it to sanitized HTML (转成 HTML), turn it into " +
      "plain text (纯文本, 去掉格式), list its headings (标题/目录/大纲), list its links and images (链接), or " +
      "extract its tables as JSON (表格转 JSON). Pass the Markdown itself in `markdown`. Use this when the " +
      "user gives or asks about Markdown content; do not use it for fetching web pages or reading files " +
      "(use the web or file tools first, then pass the text here), nor for HTML that is not Markdown.",
    parameters,
    execute(args) {
      const { markdown } = args;
      switch (args.operation) {
        case "to_html": {
          const parser = args.allow_html ? withHtml : textOnly;
          return { html: sanitizeHtml(parser.render(markdown), SANITIZE).trim() };
        }
        case "to_text":
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
