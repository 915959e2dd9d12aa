import { z } from "zod";
import { fetchDocument, type FetchedDocument } from "../../net/document.js";
import { NetError } from "../../net/errors.js";
import { cutText, formatBytes } from "../../net/text.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { webToolLimits, type WebToolOptions } from "./web-tool-options.js";

const DESCRIPTION =
  "Read a web page (读取网页/打开链接) as Markdown: a link the user gave or a web_search result. Local " +
  "addresses are blocked unless allowed in settings.";

const URL_HINT = "url is needed: an absolute http:// or https:// URL of the page";
const START_HINT = "start_at is a character position, 0 or more, as the previous note says (起始位置)";

/** Fetches a page through the network guard and returns its readable content as Markdown. */
export function webFetchTool(options: WebToolOptions): Tool {
  const { timeoutMs, maxBytes, maxChars, maxRedirects } = webToolLimits(options, 5 * 1024 * 1024);

  const parameters = z.object({
    url: z.string(URL_HINT).min(1, URL_HINT),
    start_at: z.number().int(START_HINT).min(0, START_HINT).default(0),
    links: z.boolean().default(false),
  });

  return defineTool({
    name: "web_fetch",
    description: DESCRIPTION,
    parameters,
    untrustedOutput: true,
    effects: (args) => [{ kind: "send", url: args.url }],
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
          links: args.links,
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
      const part = cutText(content.slice(args.start_at), maxChars);
      result.content = part.text || "(the page has no readable text)";

      const notes: string[] = [];
      if (page.complexity) notes.push(page.complexity);
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
