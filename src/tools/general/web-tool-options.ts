import type { NetworkGuard } from "../../net/guard.js";

/** Options of the tools that fetch one URL for the LLM (http, web_fetch); see `webToolLimits`. */
export interface WebToolOptions {
  guard: NetworkGuard;
  /** Whole request, redirects and body included (default 15 000 ms). */
  timeoutMs?: number;
  /** Response bytes downloaded at most; a longer body is cut there (default 2 MB http, 5 MB web_fetch). */
  maxResponseBytes?: number;
  /** Characters shown to the LLM per call (default 8000); web_fetch reads longer pages in parts of this size. */
  maxChars?: number;
  /** Redirects followed at most (default 5). */
  maxRedirects?: number;
}

/** The limits a web tool works with: `options` with the defaults above filled in. */
export interface WebToolLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Characters shown per call. */
  maxChars: number;
  maxRedirects: number;
}

/** Fills in the defaults; `maxResponseBytes` defaults per tool, to `defaultMaxBytes`. */
export function webToolLimits(options: WebToolOptions, defaultMaxBytes: number): WebToolLimits {
  return {
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes: options.maxResponseBytes ?? defaultMaxBytes,
    maxChars: options.maxChars ?? 8000,
    maxRedirects: options.maxRedirects ?? 5,
  };
}
