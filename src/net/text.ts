import { clip } from "../text/clip.js";

/** Helpers for turning fetched bodies into something an LLM can read within a budget. */

/** Media types read as text even though they are not text/*. */
const TEXT_APPLICATION =
  /^application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded|yaml|x-yaml|toml|csv|graphql|x-ndjson|ndjson|rss|atom|sql)$/;

export function isJsonType(mime: string): boolean {
  return mime === "application/json" || mime.endsWith("+json") || mime === "text/json";
}

export function isTextType(mime: string): boolean {
  return mime.startsWith("text/") || TEXT_APPLICATION.test(mime);
}

/** A body that looks binary: NUL bytes near the start. */
export function looksBinary(body: Buffer): boolean {
  return body.subarray(0, 2048).includes(0);
}

export interface Cut {
  text: string;
  /** Whether anything was left out. */
  cut: boolean;
}

/**
 * Cuts text to at most `maxChars`, preferring a paragraph break, then a line break, then a sentence end
 * (Latin or Chinese), then a space, as long as that keeps at least 70 % of the budget.
 */
export function cutText(text: string, maxChars: number): Cut {
  if (text.length <= maxChars) return { text, cut: false };
  const window = text.slice(0, maxChars);
  const floor = Math.floor(maxChars * 0.7);
  for (const boundary of [/\n\s*\n/g, /\n/g, /[.!?;](?=\s)|[。！？；]/g, /\s/g]) {
    let end = -1;
    for (const match of window.matchAll(boundary)) {
      const candidate = /^\s/.test(match[0]) ? match.index : match.index + match[0].length;
      if (candidate >= floor) end = candidate;
    }
    if (end > 0) return { text: window.slice(0, end).trimEnd(), cut: true };
  }
  return { text: window, cut: true };
}

/**
 * Makes a JSON value fit in `maxChars` once serialised, by keeping the first items of long arrays and
 * objects and the start of long strings, a little more aggressively at each step. Undefined when even
 * the harshest step is too long (deeply nested data): fall back to cutting text.
 */
export function shrinkJson(value: unknown, maxChars: number): { value: unknown; cut: boolean } | undefined {
  if (JSON.stringify(value).length <= maxChars) return { value, cut: false };
  for (const [items, chars] of [
    [50, 2000],
    [20, 500],
    [10, 200],
    [5, 100],
    [3, 60],
    [1, 40],
  ] as const) {
    const shrunk = shrink(value, items, chars, 0);
    if (JSON.stringify(shrunk).length <= maxChars) return { value: shrunk, cut: true };
  }
  return undefined;
}

function shrink(value: unknown, items: number, chars: number, depth: number): unknown {
  if (typeof value === "string") return clip(value, chars);
  if (depth > 12) return "…";
  if (Array.isArray(value)) {
    const kept = value.slice(0, items).map((v) => shrink(v, items, chars, depth + 1));
    if (value.length > items) kept.push(`…(${value.length - items} more items)`);
    return kept;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    const limit = items * 3;
    const kept = Object.fromEntries(
      entries.slice(0, limit).map(([k, v]) => [k, shrink(v, items, chars, depth + 1)]),
    );
    if (entries.length > limit) kept["…"] = `${entries.length - limit} more keys`;
    return kept;
  }
  return value;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / 104_857.6) / 10} MB`;
}
