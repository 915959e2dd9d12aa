import { InputError } from "../input-error.js";
import type { NetworkGuard } from "../net/guard.js";
import { msLeft } from "../time/deadline.js";
import { cleanSource, cleanTitle, shortHash } from "./document-naming.js";
import { fetchForKnowledge } from "./fetch-url.js";
import { readDocument, type ReadDocument } from "./read-document.js";
import type { Origin } from "./types.js";

/** What to add: text, a URL, or the bytes of a file (from the file tool's folders or an upload). */
export type IngestInput = IngestMeta &
  (
    | { kind: "text"; text: string }
    | { kind: "url"; url: string }
    | { kind: "bytes"; data: Buffer; origin: "file" | "upload"; name: string; contentType?: string }
  );

export interface IngestMeta {
  title?: string;
  /** What identifies it (default: the URL, the path, the upload's name, else the title): the same one replaces. */
  source?: string;
  tags?: string[];
  signal?: AbortSignal;
}

export interface ReadLimits {
  guard: NetworkGuard;
  /** Largest input: text, download or file. */
  maxBytes: number;
  maxPdfPages: number;
  /** When reading the input, download included, must be done (time/deadline.ts). */
  deadline: number;
  signal: AbortSignal;
}

/**
 * The first step of adding a document: the input read as text (a download fetched, a file converted), with
 * where it came from and the source that identifies it. Too large an input is refused before any work.
 */
export async function readInput(
  input: IngestInput,
  { guard, maxBytes, maxPdfPages, deadline, signal }: ReadLimits,
): Promise<{ read: ReadDocument; origin: Origin; source: string }> {
  const limits = { maxPdfPages, deadline, signal };
  switch (input.kind) {
    case "text": {
      if (Buffer.byteLength(input.text) > maxBytes) throw tooLarge(maxBytes);
      const title = cleanTitle(input.title);
      const text = input.text;
      const source = cleanSource(input.source) ?? (title ? `text:${title}` : `text:${shortHash(text)}`);
      return { read: { text, contentType: "text/markdown" }, origin: "text", source };
    }
    case "url": {
      const fetched = await fetchForKnowledge(guard, input.url, {
        timeoutMs: Math.max(1_000, msLeft(deadline)),
        maxBytes,
        signal,
      });
      const name = new URL(fetched.url).pathname;
      const read = await readDocument(
        fetched.data,
        { name, contentType: fetched.contentType, url: fetched.url },
        limits,
      );
      return { read, origin: "url", source: cleanSource(input.source) ?? fetched.url };
    }
    case "bytes": {
      if (input.data.length > maxBytes) throw tooLarge(maxBytes);
      const read = await readDocument(
        input.data,
        { name: input.name, contentType: input.contentType },
        limits,
      );
      return { read, origin: input.origin, source: cleanSource(input.source) ?? input.name };
    }
  }
}

function tooLarge(maxBytes: number): InputError {
  return new InputError(
    `The input is larger than ${Math.round(maxBytes / 2 ** 20)} MB, the most one document may be.`,
  );
}
