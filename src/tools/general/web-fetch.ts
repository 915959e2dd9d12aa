import { z } from "zod";
import { fetchDocument, type FetchedDocument } from "../../net/document.js";
import { NetError } from "../../net/errors.js";
import { cutText, formatBytes } from "../../net/text.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { webToolLimits, type WebToolOptions } from "./web-tool-options.js";

const DESCRIPTION =
  "Read a web page (读取网页): fetches the url and returns its main content as Markdown without menus, ads " +
  "and footers, with title, author and site name; plain text and JSON come back as they are. Long pages come " +
  "in parts: the result says where it stopped, call again with start_at to read on. Set include_links to get " +
  "the page's links (to follow one, call web_fetch again). Use after web_search, or when the user gives a " +
  "link. Reads HTML and text only, not PDFs or images. Local network addresses are blocked unless allowed in " +
  "Cyrene's settings.";

/** Fetches a page through the network guard and returns its readable content as Markdown. */
export function webFetchTool(options: WebToolOptions): Tool {
  const { timeoutMs, maxBytes, defaultChars, maxRedirects } = webToolLimits(options, 5 * 1024 * 1024);

  const parameters = z.object({
    url: z.string().min(1).describe("Absolute http:// or https:// URL of the page."),
    start_at: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe("Character offset to start from, to read on where a previous call stopped (default 0)."),
    max_chars: z
      .number()
      .int()
      .min(500)
      .max(Math.round(defaultChars * 2.5))
      .optional()
      .describe(`Characters of content to return (default ${defaultChars}).`),
    include_links: z.boolean().default(false).describe("Also return the page's links as {text, url}."),
  });

  return defineTool({
    name: "web_fetch",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      let url: URL;
      try {
        url = new URL(args.url.trim());
      } catch {
        throw new ToolError(
          `"${args.url}" is not an absolute URL; include the scheme, e.g. https://example.com/page.`,
        );
      }
      let page: FetchedDocument;
      try {
        page = await fetchDocument(options.guard, {
          url,
          timeoutMs,
          maxBytes,
          maxRedirects,
          signal: ctx.signal,
          links: args.include_links,
        });
      } catch (error) {
        if (error instanceof NetError && error.kind === "unsupported_type") {
          throw new ToolError(
            `${error.message.replace(/, not an HTML or text page\.$/, "")}; web_fetch reads HTML and text pages only.`,
          );
        }
        if (error instanceof NetError) throw new ToolError(error.message);
        throw error;
      }

      const result: Record<string, unknown> = { url: page.url };
      if (page.kind === "text") result.content_type = page.mime || "text/plain";
      for (const [key, value] of [
        ["title", page.title],
        ["byline", page.byline],
        ["site_name", page.siteName],
        ["published", page.published],
        ["language", page.language],
      ] as const) {
        if (value) result[key] = value;
      }
      if (page.links) result.links = page.links;

      const content = page.text;
      if (args.start_at > 0 && args.start_at >= content.length) {
        throw new ToolError(
          `start_at ${args.start_at} is past the end: the content has ${content.length} characters.`,
        );
      }
      const part = cutText(content.slice(args.start_at), args.max_chars ?? defaultChars);
      result.content = part.text || "(the page has no readable text)";

      const notes: string[] = [];
      if (page.truncated) {
        notes.push(
          `The page is larger than ${formatBytes(maxBytes)}; only that much was downloaded and read.`,
        );
      }
      const end = args.start_at + part.text.length;
      if (part.cut || args.start_at > 0) {
        notes.push(
          `Showing characters ${args.start_at}–${end} of ${content.length} ` +
            `(page ${formatBytes(page.bytes)}${page.truncated ? " read" : ""}).` +
            (part.cut ? ` To read on, call web_fetch again with start_at=${end}.` : " This is the end."),
        );
      }
      if (notes.length) result.note = notes.join(" ");
      return result;
    },
  });
}
