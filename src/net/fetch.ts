import type { Readable } from "node:stream";
import { lazy } from "../lazy.js";
import { NetError, NetworkRefusedError } from "./errors.js";
import { describeFailure } from "./failure.js";
import type { NetworkGuard } from "./guard.js";
import { clip } from "../text/clip.js";
import { withTimeout } from "../time/timeout.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export const DEFAULT_USER_AGENT =
  "Mozilla/5.0 (compatible; Cyrene/0.1; +https://www.home-assistant.io/addons)";

export interface GuardedRequest {
  url: string | URL;
  method?: HttpMethod;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange: every hop, and reading the body. */
  timeoutMs: number;
  /** Body bytes kept (after decompression); reading stops there. */
  maxBytes: number;
  /** Redirects followed at most, each hop checked by the guard. 0: the first response is returned as is. */
  maxRedirects: number;
  signal?: AbortSignal;
  /** Called once the final response's headers are in; returning false skips reading its body. */
  readBody?: (head: ResponseHead) => boolean;
}

export interface ResponseHead {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names. Decompressed bodies lose `content-encoding`; `content-length` stays as sent. */
  headers: Record<string, string>;
}

export interface GuardedResponse extends ResponseHead {
  body: Buffer;
  /** The body went on past `maxBytes` and was cut there. */
  truncated: boolean;
  /** `readBody` said no: `body` is empty. */
  bodySkipped: boolean;
  /** The URLs redirected from, in order. */
  redirects: string[];
  /** Request headers not sent: they carried a secret, or were credentials on a cross-origin redirect. */
  droppedHeaders: string[];
}

const loadAxios = lazy(() => import("axios"));

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin (follow-redirects drops the first three; we are stricter). */
const CREDENTIAL_HEADER =
  /^(authorization|proxy-authorization|cookie)$|auth|token|secret|api[-_]?key|session|password/i;

/**
 * Fetches through the guard: every hop is checked before connecting, the connection itself resolves
 * through the guard's lookup (so a DNS answer that changes in between is checked again), redirects are
 * followed by hand, the body is read up to a cap, and one deadline covers it all.
 */
export async function guardedFetch(guard: NetworkGuard, request: GuardedRequest): Promise<GuardedResponse> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const done = new AbortController();
  const signal = AbortSignal.any([deadline, done.signal, ...(request.signal ? [request.signal] : [])]);

  const scrubbed = guard.scrubHeaders(request.headers ?? {});
  let headers = scrubbed.headers;
  const droppedHeaders = scrubbed.removed;
  let body = request.body;
  if (body !== undefined && guard.containsSecret(typeof body === "string" ? body : body.toString("utf8"))) {
    throw new NetworkRefusedError("Refused: the request body contains a secret (a token of this system).");
  }
  let method: HttpMethod = request.method ?? "GET";
  let url = typeof request.url === "string" ? request.url : request.url.href;
  const redirects: string[] = [];

  try {
    const { default: axios } = await withTimeout(loadAxios(), Infinity, undefined, { signal });
    for (;;) {
      const { url: target } = await withTimeout(guard.check(url), Infinity, undefined, { signal });
      url = target.href;
      const response = await axios.request<Readable>({
        adapter: "http",
        url,
        method,
        headers: { "user-agent": DEFAULT_USER_AGENT, accept: "*/*", ...headers },
        data: body,
        transformRequest: [(data: unknown) => data],
        responseType: "stream",
        decompress: true,
        maxRedirects: 0,
        proxy: false,
        httpAgent: guard.httpAgent,
        httpsAgent: guard.httpsAgent,
        validateStatus: () => true,
        signal,
      });
      const head: ResponseHead = {
        url,
        status: response.status,
        statusText: response.statusText ?? "",
        headers: plainHeaders(response.headers),
      };

      const location = head.headers.location;
      if (REDIRECTS.has(head.status) && location !== undefined && request.maxRedirects > 0) {
        response.data.destroy();
        if (redirects.length >= request.maxRedirects) {
          throw new NetError(
            `Too many redirects (more than ${request.maxRedirects}): ${[...redirects, url].join(" → ")} → ${location}`,
            "too_many_redirects",
          );
        }
        const next = resolveLocation(location, target);
        redirects.push(url);
        if (next.origin !== target.origin) {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(headers)) {
            if (CREDENTIAL_HEADER.test(name)) droppedHeaders.push(name);
            else kept[name] = value;
          }
          headers = kept;
        }
        if ((head.status === 303 && method !== "HEAD") || (head.status <= 302 && method === "POST")) {
          method = "GET";
          body = undefined;
          headers = withoutHeaders(headers, /^content-(type|length|encoding)$/i);
        }
        url = next.href;
        continue;
      }

      if (request.readBody && !request.readBody(head)) {
        response.data.destroy();
        return {
          ...head,
          body: Buffer.alloc(0),
          truncated: false,
          bodySkipped: true,
          redirects,
          droppedHeaders,
        };
      }
      const read = await readCapped(response.data, request.maxBytes);
      return { ...head, ...read, bodySkipped: false, redirects, droppedHeaders };
    }
  } catch (error) {
    throw describeFailure(error, {
      url,
      timeoutMs: request.timeoutMs,
      deadline,
      callerSignal: request.signal,
    });
  } finally {
    done.abort();
  }
}

async function readCapped(stream: Readable, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    const room = maxBytes - size;
    if (buffer.length > room) {
      chunks.push(buffer.subarray(0, room));
      size += room;
      truncated = true;
      break; // leaving the loop destroys the stream: nothing more is downloaded or inflated
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new NetError(
      `${base.host} redirected to an invalid URL: "${clip(location, 200)}".`,
      "bad_response",
    );
  }
}

function plainHeaders(headers: unknown): Record<string, string> {
  const plain: Record<string, string> = {};
  const source = headers as { toJSON?: (asStrings: boolean) => Record<string, unknown> };
  const entries =
    typeof source.toJSON === "function" ? source.toJSON(true) : (headers as Record<string, unknown>);
  for (const [name, value] of Object.entries(entries)) {
    if (value === undefined || value === null) continue;
    plain[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return plain;
}

function withoutHeaders(headers: Record<string, string>, pattern: RegExp): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !pattern.test(name)));
}
