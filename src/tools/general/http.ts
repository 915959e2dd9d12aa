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
const URL_HINT = "url is needed: an absolute http:// or https:// URL (需要网址)";

/** Headers worth showing; the others would cost tokens for little. */
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
  "Call a web API or device over HTTP (调用接口/HTTP 请求). Send POST/PUT/PATCH/DELETE only when the " +
  "user asked for that change. Local addresses are blocked unless allowed in settings. To read a web page " +
  "use web_fetch.";

/** A general HTTP client tool whose every connection goes through the network guard. */
export function httpTool(options: WebToolOptions): Tool {
  const { timeoutMs, maxBytes, maxChars, maxRedirects } = webToolLimits(options, 2 * 1024 * 1024);

  const parameters = z.object({
    url: z.string(URL_HINT).min(1, URL_HINT),
    method: z.enum(METHODS).default("GET"),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional().describe("object: sent as JSON; string: as is"),
  });

  return defineTool({
    name: "http",
    description: DESCRIPTION,
    parameters,
    untrustedOutput: true,
    effects: (args) => [
      {
        kind: "send",
        url: args.url,
        carries: [
          ...Object.values(args.headers ?? {}),
          ...(args.body === undefined
            ? []
            : [typeof args.body === "string" ? args.body : JSON.stringify(args.body)]),
        ],
      },
    ],
    async execute(args, ctx) {
      const url = parseUrl(args.url);
      const headers: Record<string, string> = { accept: "application/json, text/*;q=0.9, */*;q=0.5" };
      for (const [name, value] of Object.entries(args.headers ?? {})) headers[name.toLowerCase()] = value;
      const body = requestBody(args.body, headers);
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
          maxRedirects,
          signal: ctx.signal,
        });
      } catch (error) {
        if (error instanceof NetError) throw new ToolError(error.message);
        throw error;
      }
      return summarize(response, { method: args.method, maxChars, maxBytes });
    },
  });
}

/**
 * The body to send: a string as is, anything else as JSON. A string that is a JSON object or array, sent
 * without a Content-Type, gets application/json: models often pass JSON already serialised.
 */
function requestBody(value: unknown, headers: Record<string, string>): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    headers["content-type"] ??= "application/json";
    return JSON.stringify(value);
  }
  if (headers["content-type"] === undefined && /^\s*[[{]/.test(value) && parseJson(value)) {
    headers["content-type"] = "application/json";
  }
  return value;
}

function parseUrl(text: string): string {
  try {
    return new URL(text.trim()).href;
  } catch {
    throw new ToolError(
      `"${text}" is not an absolute URL; include the scheme, e.g. https://example.com/api?q=1.`,
    );
  }
}

interface SummaryOptions {
  method: string;
  maxChars: number;
  maxBytes: number;
}

async function summarize(response: GuardedResponse, options: SummaryOptions) {
  const result: Record<string, unknown> = { status: response.status, status_text: response.statusText };
  if (response.redirects.length) {
    result.url = response.url;
    result.redirected_from = response.redirects;
  }
  result.headers = Object.fromEntries(
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
    const { text } = await decodeBody(response.body, response.headers["content-type"], /html|xml/.test(mime));
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
