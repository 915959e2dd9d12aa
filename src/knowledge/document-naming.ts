/** How a document is named and tagged: what people send, cleaned, and titles made up when they send none. */
import { createHash } from "node:crypto";
import { firstLineTitle } from "../titles.js";
import type { Origin } from "./types.js";
import { clip } from "../text/clip.js";

const MAX_TAGS = 10;

export function cleanTags(tags: string[] | undefined): string[] {
  const cleaned = (tags ?? []).map((tag) => clip(tag.trim().toLowerCase(), 40)).filter(Boolean);
  return [...new Set(cleaned)].slice(0, MAX_TAGS);
}

export function sameTags(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((tag) => b.includes(tag));
}

export function cleanTitle(title: string | undefined): string | undefined {
  const line = title?.replace(/\s+/g, " ").trim();
  return line ? clip(line, 200) : undefined;
}

export function cleanSource(source: string | undefined): string | undefined {
  const trimmed = source?.trim();
  return trimmed ? trimmed.slice(0, 2_000) : undefined;
}

/** The first line (at most 60 characters) of text; the file name or URL of other inputs. */
export function titleFrom(text: string, source: string, origin: Origin): string {
  if (origin !== "text") {
    const last = source.split(/[/\\]/).filter(Boolean).at(-1);
    if (last) return clip(decodeURIComponentSafe(last), 200);
  }
  return firstLineTitle(text.replace(/^#+\s*/, ""), 60);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}
