import { InputError } from "../input-error.js";
import { NetError } from "../net/errors.js";
import { guardedFetch } from "../net/fetch.js";
import type { NetworkGuard } from "../net/guard.js";
import { formatBytes } from "../net/text.js";

export interface FetchedBytes {
  url: string;
  data: Buffer;
  contentType?: string;
}

export interface UrlLimits {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * Downloads a URL for the knowledge base through the network guard (the rules of web_fetch: private and
 * local addresses refused unless allowed in the settings). Unlike web_fetch it keeps PDFs. Failures are
 * InputErrors with the guard's or the server's reason.
 */
export async function fetchForKnowledge(
  guard: NetworkGuard,
  url: string,
  limits: UrlLimits,
): Promise<FetchedBytes> {
  let target: URL;
  try {
    target = new URL(url.trim());
  } catch {
    throw new InputError(
      `"${url}" is not an absolute URL; include the scheme, e.g. https://example.com/manual.pdf.`,
    );
  }
  try {
    const response = await guardedFetch(guard, {
      url: target,
      headers: {
        accept: "text/html,application/xhtml+xml,application/pdf,text/markdown,text/plain;q=0.9,*/*;q=0.5",
        "accept-language": "zh-CN,zh;q=0.9,en;q=0.8",
      },
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      maxRedirects: 5,
      signal: limits.signal,
      readBody: (head) => head.status < 400,
    });
    if (response.status >= 400) {
      throw new InputError(
        `${response.url} answered HTTP ${response.status} ${response.statusText}`.trim() + ".",
      );
    }
    if (response.truncated) {
      throw new InputError(
        `${response.url} is larger than ${formatBytes(limits.maxBytes)}, the most the knowledge base takes in one document.`,
      );
    }
    return { url: response.url, data: response.body, contentType: response.headers["content-type"] };
  } catch (error) {
    if (error instanceof NetError) throw new InputError(error.message);
    throw error;
  }
}
