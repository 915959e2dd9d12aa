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
  /** SearXNG language of every search (e.g. "zh-CN", "en", "auto"); SearXNG's own default if unset. */
  defaultLanguage?: string;
}

const TIME_RANGES = ["day", "week", "month", "year"] as const;
const NOT_CONFIGURED =
  "Web search is not configured: set the SearXNG URL in Cyrene's settings (add-on option searxng_url, or " +
  "CYRENE_SEARXNG_URL), pointing at a SearXNG instance with the JSON format enabled.";

const DESCRIPTION =
  "Search the web (网络搜索/上网查) for news, facts, prices, docs; gives titles, urls, snippets. Query in " +
  "the topic's language; read a result with web_fetch.";

const QUERY_EMPTY = "query is needed: the words to search for (搜索词为空)";

/** Web search through a SearXNG instance's JSON API. */
export function webSearchTool(options: WebSearchToolOptions): Tool {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResults = Math.min(options.maxResults ?? 8, 20);
  const base = parseBase(options.searxngUrl);
  const guard = base instanceof URL ? options.guard.withAllowedHosts([base.hostname]) : options.guard;

  const parameters = z.object({
    query: z
      .string(QUERY_EMPTY)
      .min(1, QUERY_EMPTY)
      .max(400, "query is too long: at most 400 characters, keep the key words"),
    time_range: z.enum(TIME_RANGES).optional(),
  });

  return defineTool({
    name: "web_search",
    description: DESCRIPTION,
    parameters,
    untrustedOutput: true,
    async execute(args, ctx) {
      if (base === undefined) throw new ToolError(NOT_CONFIGURED);
      if (typeof base === "string") throw new ToolError(base);
      const url = new URL("search", base);
      url.searchParams.set("q", args.query);
      url.searchParams.set("format", "json");
      const language = options.defaultLanguage;
      if (language) url.searchParams.set("language", language);
      if (args.time_range) url.searchParams.set("time_range", args.time_range);

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
      return formatResponse(response, base, maxResults);
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
