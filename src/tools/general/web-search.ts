import { z } from "zod";
import { NetError } from "../../net/errors.js";
import { guardedFetch, type GuardedResponse } from "../../net/fetch.js";
import type { NetworkGuard } from "../../net/guard.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { formatResponse } from "./web-search/format.js";

export interface WebSearchToolOptions {
  /** Base URL of the user's SearXNG (e.g. http://192.168.1.20:8888 or https://search.example/searxng). */
  searxngUrl?: string;
  /** The shared guard; the SearXNG host is let through even when private, since the user configured it. */
  guard: NetworkGuard;
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** Results returned per search (default 8, at most 20). */
  maxResults?: number;
  /** SearXNG language when the call names none (e.g. "zh-CN", "en", "auto"); SearXNG's own default if unset. */
  defaultLanguage?: string;
}

const TIME_RANGES = ["day", "week", "month", "year"] as const;
const CATEGORIES = [
  "general",
  "news",
  "it",
  "science",
  "files",
  "music",
  "videos",
  "images",
  "social media",
  "map",
] as const;
const NOT_CONFIGURED =
  "Web search is not configured: set the SearXNG URL in Cyrene's settings (add-on option searxng_url, or " +
  "CYRENE_SEARXNG_URL), pointing at a SearXNG instance with the JSON format enabled.";

const DESCRIPTION =
  "Search the web (网络搜索) through the user's SearXNG and get the top results as title, url and snippet, plus " +
  "direct answers, infoboxes, suggestions and spelling corrections when there are any. Use it for current " +
  "events, facts you are unsure of, prices, opening hours, documentation. Snippets are short: to read a page, " +
  "call web_fetch with its url. Write the query in the language most likely to find good pages (Chinese " +
  "topics in Chinese). Cite the urls you rely on.";

/** Web search through a SearXNG instance's JSON API. */
export function webSearchTool(options: WebSearchToolOptions): Tool {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResults = Math.min(options.maxResults ?? 8, 20);
  const base = parseBase(options.searxngUrl);
  const guard = base instanceof URL ? options.guard.withAllowedHosts([base.hostname]) : options.guard;

  const parameters = z.object({
    query: z.string().min(1).max(400).describe("What to search for."),
    language: z
      .string()
      .regex(/^([a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,4})?|all|auto)$/)
      .optional()
      .describe('Result language, e.g. "zh-CN", "zh-TW", "en", "en-US", "all". Omit for the default.'),
    time_range: z
      .enum(TIME_RANGES)
      .optional()
      .describe("Only results from the last day, week, month or year."),
    categories: z.array(z.enum(CATEGORIES)).optional().describe('SearXNG categories; default "general".'),
    page: z.number().int().min(1).max(10).default(1).describe("Result page, for more results (default 1)."),
    max_results: z
      .number()
      .int()
      .min(1)
      .max(20)
      .optional()
      .describe(`Results to return (default ${maxResults}).`),
  });

  return defineTool({
    name: "web_search",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      if (base === undefined) throw new ToolError(NOT_CONFIGURED);
      if (typeof base === "string") throw new ToolError(base);
      const url = new URL("search", base);
      url.searchParams.set("q", args.query);
      url.searchParams.set("format", "json");
      const language = args.language ?? options.defaultLanguage;
      if (language) url.searchParams.set("language", language);
      if (args.time_range) url.searchParams.set("time_range", args.time_range);
      if (args.categories?.length) url.searchParams.set("categories", args.categories.join(","));
      if (args.page > 1) url.searchParams.set("pageno", String(args.page));

      let response: GuardedResponse;
      try {
        response = await guardedFetch(guard, {
          url,
          headers: {
            accept: "application/json",
            // SearXNG's bot detection rejects requests without Accept-Language.
            "accept-language":
              language && !/^(all|auto)$/.test(language) ? `${language},en;q=0.5` : "en,zh;q=0.8",
          },
          timeoutMs,
          maxBytes: 4 * 1024 * 1024,
          maxRedirects: 3,
          signal: ctx.signal,
        });
      } catch (error) {
        if (error instanceof NetError && error.kind !== "refused") {
          throw new ToolError(`SearXNG at ${base.origin} could not be reached: ${error.message}`);
        }
        if (error instanceof NetError) throw new ToolError(error.message);
        throw error;
      }
      return formatResponse(response, base, args.max_results ?? maxResults, args.page);
    },
  });
}

function parseBase(text: string | undefined): URL | string | undefined {
  if (!text?.trim()) return undefined;
  try {
    const url = new URL(text.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    url.search = "";
    url.hash = "";
    if (url.pathname.endsWith("/search")) url.pathname = url.pathname.slice(0, -"search".length);
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    return url;
  } catch {
    return `The configured SearXNG URL "${text}" is not a valid http(s) URL; fix searxng_url in Cyrene's settings.`;
  }
}
