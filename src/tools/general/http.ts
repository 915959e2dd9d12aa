import { z } from "zod";
import { decodeBody, parseContentType } from "../../net/charset.js";
import { NetError } from "../../net/errors.js";
import { guardedFetch, type GuardedResponse, type HttpMethod } from "../../net/fetch.js";
import { cutText, formatBytes, isJsonType, isTextType, looksBinary, shrinkJson } from "../../net/text.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { webToolLimits, type WebToolOptions } from "./web-tool-options.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
const MAX_REQUEST_BODY = 100_000;

/** Headers worth showing; the rest only with `all_headers`. */
const KEY_HEADERS = [
  "content-type",
  "content-length",
  "content-language",
  "content-disposition",
  "location",
  "date",
  "last-modified",
  "etag",
  "cache-control",
  "expires",
  "retry-after",
  "www-authenticate",
  "allow",
  "server",
];

const DESCRIPTION =
  "Make one HTTP request (GET, POST, PUT, PATCH, DELETE, HEAD) to a web API or a device and read the answer: " +
  "status, main headers and body (JSON comes back as data, text is cut to a limit). Use it for REST/JSON APIs " +
  "and devices with an HTTP interface. To read a web page as text use web_fetch; to find pages use web_search; " +
  "for Home Assistant itself use the home tools. Send POST/PUT/PATCH/DELETE only when the user asked for that " +
  "change. Local network addresses, localhost and the Supervisor are blocked unless the user allowed them in " +
  "Cyrene's settings; a refusal says why. 调用网络接口 (HTTP 请求).";

/** A general HTTP client tool whose every connection goes through the network guard. */
export function httpTool(options: WebToolOptions): Tool {
  const { timeoutMs, maxBytes, defaultChars, maxRedirects } = webToolLimits(options, 2 * 1024 * 1024);

  const parameters = z.object({
    url: z.string().min(1).describe("Absolute http:// or https:// URL."),
    method: z.enum(METHODS).default("GET"),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Request headers, e.g. {"Accept": "application/json"}.'),
    query: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe("Query parameters, added to the URL (encoded for you)."),
    json: z
      .unknown()
      .optional()
      .describe("A JSON body (object, array, …); sets Content-Type: application/json."),
    body: z
      .string()
      .max(MAX_REQUEST_BODY)
      .optional()
      .describe("A text body, sent as is; give its Content-Type in headers. Do not combine with json."),
    follow_redirects: z
      .boolean()
      .default(true)
      .describe(
        `Follow up to ${maxRedirects} redirects (default true); false returns the 3xx response itself.`,
      ),
    all_headers: z.boolean().default(false).describe("Return every response header, not only the main ones."),
    max_chars: z
      .number()
      .int()
      .min(200)
      .max(Math.round(defaultChars * 2.5))
      .optional()
      .describe(`Body characters to show (default ${defaultChars}).`),
  });

  return defineTool({
    name: "http",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      if (args.json !== undefined && args.body !== undefined) {
        throw new ToolError("Give either json or body, not both.");
      }
      const url = buildUrl(args.url, args.query);
      const headers: Record<string, string> = { accept: "application/json, text/*;q=0.9, */*;q=0.5" };
      for (const [name, value] of Object.entries(args.headers ?? {})) headers[name.toLowerCase()] = value;
      let body: string | undefined = args.body;
      if (args.json !== undefined) {
        body = JSON.stringify(args.json);
        headers["content-type"] ??= "application/json";
      }
      if (body !== undefined && (args.method === "GET" || args.method === "HEAD")) {
        throw new ToolError(`A ${args.method} request has no body; use POST, PUT or PATCH to send one.`);
      }
      if (body !== undefined && Buffer.byteLength(body) > MAX_REQUEST_BODY) {
        throw new ToolError(`The request body is too large (at most ${formatBytes(MAX_REQUEST_BODY)}).`);
      }

      let response: GuardedResponse;
      try {
        response = await guardedFetch(options.guard, {
          url,
          method: args.method as HttpMethod,
          headers,
          body,
          timeoutMs,
          maxBytes,
          maxRedirects: args.follow_redirects ? maxRedirects : 0,
          signal: ctx.signal,
        });
      } catch (error) {
        if (error instanceof NetError) throw new ToolError(error.message);
        throw error;
      }
      return summarize(response, {
        method: args.method,
        allHeaders: args.all_headers,
        maxChars: args.max_chars ?? defaultChars,
        maxBytes,
      });
    },
  });
}

function buildUrl(text: string, query: Record<string, string | number | boolean> | undefined): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ToolError(
      `"${text}" is not an absolute URL; include the scheme, e.g. https://example.com/api.`,
    );
  }
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.append(name, String(value));
  return url.href;
}

interface SummaryOptions {
  method: string;
  allHeaders: boolean;
  maxChars: number;
  maxBytes: number;
}

function summarize(response: GuardedResponse, options: SummaryOptions): Record<string, unknown> {
  const result: Record<string, unknown> = { status: response.status, status_text: response.statusText };
  if (response.redirects.length) {
    result.url = response.url;
    result.redirected_from = response.redirects;
  }
  result.headers = options.allHeaders
    ? response.headers
    : Object.fromEntries(
        KEY_HEADERS.filter((h) => h in response.headers).map((h) => [h, response.headers[h]]),
      );
  if (response.droppedHeaders.length) {
    result.headers_not_sent =
      `${response.droppedHeaders.join(", ")}: not sent (they carried a secret of this system, or credentials ` +
      "on a redirect to another site).";
  }
  if (options.method === "HEAD") return result;

  const notes: string[] = [];
  if (response.truncated)
    notes.push(`Only the first ${formatBytes(options.maxBytes)} of the body were downloaded.`);
  const { mime } = parseContentType(response.headers["content-type"]);
  const bytes = response.body.length;
  if (bytes === 0) {
    result.body = "";
  } else if (!isTextType(mime) && (mime !== "" || looksBinary(response.body))) {
    result.body = `[${mime || "binary"} content, ${formatBytes(bytes)}${response.truncated ? " or more" : ""}: not shown]`;
  } else {
    const { text } = decodeBody(response.body, response.headers["content-type"], /html|xml/.test(mime));
    const parsed = isJsonType(mime) || (mime === "" && /^\s*[[{]/.test(text)) ? parseJson(text) : undefined;
    const fitted = parsed && shrinkJson(parsed.value, options.maxChars);
    if (fitted) {
      result.json = fitted.value;
      if (fitted.cut)
        notes.push("Long arrays, objects and strings in the JSON were shortened (marked with …).");
    } else {
      const pretty = parsed ? JSON.stringify(parsed.value, null, 1) : text;
      const cut = cutText(pretty, options.maxChars);
      result.body = cut.text;
      if (cut.cut) notes.push(`Body cut at ${cut.text.length} of ${pretty.length} characters.`);
    }
  }
  if (notes.length) result.note = notes.join(" ");
  return result;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
