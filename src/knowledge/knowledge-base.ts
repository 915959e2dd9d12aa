import { createHash } from "node:crypto";
import { InputError } from "../input-error.js";
import type { Logger } from "../logging/logger.js";
import type { NetworkGuard } from "../net/guard.js";
import { chunkText, type Chunk } from "./chunking.js";
import type { Embedder } from "./embeddings.js";
import { readInput, type IngestInput } from "./ingest-input.js";
import { KnowledgeSearch, type SearchRequest, type SearchResult } from "./search.js";
import { KnowledgeStore, type ListDocumentsOptions } from "./store.js";
import { cleanTags, cleanTitle, sameTags, titleFrom } from "./document-naming.js";
import { MEMORY_TAG, type DocumentInfo } from "./types.js";
import { VectorIndex } from "./vector-index.js";
import type { Db } from "../store/database.js";
import { deadlineIn } from "../time/deadline.js";
import type { HomeTime } from "../time/home-time.js";

export interface IngestOutcome {
  /** added; replaced (the same source held other text); unchanged (the same source, the same text); duplicate
   * (the same text is there under another source): nothing stored in the last two cases. */
  status: "added" | "replaced" | "unchanged" | "duplicate";
  document: DocumentInfo;
  /** Chunks that got a vector (when embeddings are configured). */
  embedded?: number;
  notes: string[];
}

export interface KnowledgeLimits {
  /** Largest input: text, download or file (default 20 MiB). */
  maxBytes: number;
  /** Chunks kept of one document (default 4,000: some 3 MB of text). */
  maxChunks: number;
  maxPdfPages: number;
  /** For reading and converting one input, downloads included (default 60 s). */
  timeoutMs: number;
  /** Texts embedded per ingest before the rest are left to the background catch-up (default 2,000). */
  maxEmbedPerIngest: number;
}

export const DEFAULT_LIMITS: KnowledgeLimits = {
  maxBytes: 20 * 2 ** 20,
  maxChunks: 4_000,
  maxPdfPages: 500,
  timeoutMs: 60_000,
  maxEmbedPerIngest: 2_000,
};

export interface KnowledgeBaseOptions {
  db: Db;
  guard: NetworkGuard;
  logger: Logger;
  embedder?: Embedder;
  limits?: Partial<KnowledgeLimits>;
  /** What stamps the documents (compose gives HomeTime; the system's by default). */
  time?: Pick<HomeTime, "now">;
}

/** The knowledge base: documents in, passages out. */
export class KnowledgeBase {
  readonly store: KnowledgeStore;
  readonly vectors?: VectorIndex;
  private readonly searcher: KnowledgeSearch;
  private readonly limits: KnowledgeLimits;
  private readonly changeListeners = new Set<(document: DocumentInfo) => void>();
  private catchingUp?: Promise<number>;

  constructor(private readonly options: KnowledgeBaseOptions) {
    this.store = new KnowledgeStore(options.db, options.time);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    if (options.embedder) this.vectors = new VectorIndex(options.db, options.embedder.model);
    const vectors = this.vectors && options.embedder && { index: this.vectors, embedder: options.embedder };
    this.searcher = new KnowledgeSearch(this.store, vectors, options.logger);
  }

  get embeddingsModel(): string | undefined {
    return this.options.embedder?.model;
  }

  /** Told of every document added, replaced or deleted (the remembered facts note listens). */
  onChange(listener: (document: DocumentInfo) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  async ingest(input: IngestInput): Promise<IngestOutcome> {
    const deadline = deadlineIn(this.limits.timeoutMs);
    const signal = AbortSignal.any([
      AbortSignal.timeout(this.limits.timeoutMs),
      ...(input.signal ? [input.signal] : []),
    ]);
    const { read, origin, source } = await readInput(input, {
      ...this.limits,
      guard: this.options.guard,
      deadline,
      signal,
    });
    const text = read.text.replace(/\r\n?/g, "\n").trim();
    if (!text) throw new InputError("There is no text to add (the input is empty or has no readable text).");
    const tags = cleanTags(input.tags);
    const title = cleanTitle(input.title) ?? cleanTitle(read.title) ?? titleFrom(text, source, origin);
    const hash = createHash("sha256").update(text).digest("hex");
    const notes = read.note ? [read.note] : [];

    const sameSource = this.store.bySource(source);
    if (sameSource?.hash === hash && sameTags(sameSource.tags, tags) && sameSource.title === title) {
      return {
        status: "unchanged",
        document: sameSource,
        notes: ["The same text is stored under this source already."],
      };
    }
    const sameText = this.store.byHash(hash);
    if (sameText && sameText.source !== source) {
      return {
        status: "duplicate",
        document: sameText,
        notes: [
          `The same text is stored already as "${sameText.title}" (${sameText.source}); it was not added again.`,
        ],
      };
    }

    let chunks = uniqueChunks(chunkText(text));
    if (chunks.length > this.limits.maxChunks) {
      notes.push(
        `The text is long: only its first ${this.limits.maxChunks} of ${chunks.length} passages were kept.`,
      );
      chunks = chunks.slice(0, this.limits.maxChunks);
    }
    const saved = this.store.save(
      { source, origin, title, tags, contentType: read.contentType, hash, chars: text.length },
      chunks,
    );
    if (sameSource) this.vectors?.invalidate();
    for (const listener of this.changeListeners) listener(saved.info);

    const outcome: IngestOutcome = { status: sameSource ? "replaced" : "added", document: saved.info, notes };
    if (this.vectors && this.options.embedder) {
      try {
        outcome.embedded = await this.embedChunks(
          saved.chunks.slice(0, this.limits.maxEmbedPerIngest).map((c) => c.id),
          input.signal,
        );
        if (saved.chunks.length > this.limits.maxEmbedPerIngest) {
          notes.push("The remaining passages get their vectors in the background.");
          void this.catchUpEmbeddings();
        }
      } catch (error) {
        this.options.logger.warn({ err: error, document: saved.info.id }, "knowledge: embedding failed");
        notes.push(
          "Vectors could not be made now (the embeddings endpoint failed); full-text search works, vectors follow later.",
        );
      }
    }
    return outcome;
  }

  search(request: SearchRequest): Promise<SearchResult> {
    return this.searcher.search(request);
  }

  list(options: ListDocumentsOptions = {}): DocumentInfo[] {
    return this.store.list(options);
  }

  get(id: string): DocumentInfo | undefined {
    return this.store.get(id);
  }

  delete(id: string): boolean {
    const document = this.store.get(id);
    if (!document || !this.store.delete(id)) return false;
    this.vectors?.invalidate();
    for (const listener of this.changeListeners) listener(document);
    return true;
  }

  /** Short facts the user asked to have remembered, newest first. */
  facts(limit: number): DocumentInfo[] {
    return this.store.list({ tag: MEMORY_TAG, limit });
  }

  /**
   * Embeds chunks that have no vector of the configured model (new ones whose embedding failed, or all of
   * them after the model changed), in batches, one catch-up at a time. Answers how many were embedded.
   */
  catchUpEmbeddings(signal?: AbortSignal): Promise<number> {
    if (!this.vectors) return Promise.resolve(0);
    this.catchingUp ??= (async () => {
      let done = 0;
      try {
        const dropped = this.vectors!.forgetOtherModels();
        if (dropped) this.vectors!.invalidate();
        for (;;) {
          if (signal?.aborted) break;
          const ids = this.vectors!.missing(64);
          if (ids.length === 0) break;
          done += await this.embedChunks(ids, signal);
        }
      } catch (error) {
        this.options.logger.warn({ err: error }, "knowledge: embedding catch-up stopped");
      } finally {
        this.catchingUp = undefined;
      }
      if (done) this.options.logger.info({ embedded: done }, "knowledge: vectors added");
      return done;
    })();
    return this.catchingUp;
  }

  private async embedChunks(ids: number[], signal?: AbortSignal): Promise<number> {
    let done = 0;
    for (let start = 0; start < ids.length; start += 64) {
      const passages = this.store.passages(ids.slice(start, start + 64));
      const texts = passages.map(({ chunk, document }) =>
        [[document.title, chunk.heading].filter(Boolean).join(" > "), chunk.text].join("\n\n"),
      );
      const vectors = await this.options.embedder!.embed(texts, signal);
      // A document replaced meanwhile took its chunks along: the vector table refuses those ids.
      const alive = new Set(this.store.passages(passages.map((p) => p.chunk.id)).map((p) => p.chunk.id));
      const keep = passages
        .map((p, i) => ({ id: p.chunk.id, vector: vectors[i]! }))
        .filter((p) => alive.has(p.id));
      this.vectors!.add(
        keep.map((p) => p.id),
        keep.map((p) => p.vector),
      );
      done += keep.length;
    }
    return done;
  }
}

/** Repeated passages (a footer on every PDF page) are kept once. */
function uniqueChunks(chunks: Chunk[]): Chunk[] {
  const seen = new Set<string>();
  return chunks.filter((chunk) => {
    const key = createHash("sha256").update(chunk.text).digest("base64");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
