import type { Logger } from "../logging/logger.js";
import type { Embedder } from "./embeddings.js";
import { fuseRanks } from "./fusion.js";
import type { ChunkFilter, KnowledgeStore } from "./store.js";
import { matchExpression, queryTerms } from "./tokens.js";
import type { Passage } from "./types.js";
import type { VectorIndex } from "./vector-index.js";

export interface SearchRequest extends ChunkFilter {
  query: string;
  /** Passages returned (default 5, at most 50). */
  topK?: number;
  signal?: AbortSignal;
  /** Full text only, even with embeddings configured (the bench compares both). */
  fullTextOnly?: boolean;
}

export interface SearchResult {
  passages: Passage[];
  /** "hybrid" when vectors took part. */
  mode: "fulltext" | "hybrid";
  /** Why vectors did not take part although configured. */
  note?: string;
}

/** Each ranking contributes this many candidates to the fusion. */
const CANDIDATES = 50;

/** Full-text search (bm25 over the derived tokens), merged with vector search by RRF when embeddings exist. */
export class KnowledgeSearch {
  constructor(
    private readonly store: KnowledgeStore,
    private readonly vectors: { index: VectorIndex; embedder: Embedder } | undefined,
    private readonly logger: Logger,
  ) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    const topK = Math.min(50, Math.max(1, request.topK ?? 5));
    const pool = Math.max(CANDIDATES, topK);
    const filter = { tag: request.tag, source: request.source };
    const match = matchExpression(queryTerms(request.query));
    const textHits = match ? this.store.fullText(match, pool, filter) : [];
    const fullText = textHits.map((hit) => hit.chunkId);

    let vectorHits: number[] = [];
    let note: string | undefined;
    if (this.vectors && !request.fullTextOnly) {
      try {
        const query = await this.vectors.embedder.embedQuery(request.query, request.signal);
        const allowed = filter.tag || filter.source ? this.store.filteredChunkIds(filter) : undefined;
        vectorHits = this.vectors.index.search(query, pool, allowed).map((hit) => hit.chunkId);
      } catch (error) {
        note = `Vector search was skipped (${(error as Error).message}); full-text results only.`;
        this.logger.warn({ err: error }, "knowledge: query embedding failed");
      }
    }
    const hybrid = vectorHits.length > 0;
    // Scores relative to the best passage: of the fused ranks, or of bm25 for full text alone.
    const ranked = hybrid
      ? fuseRanks([fullText, vectorHits])
      : textHits.map((hit) => ({ id: hit.chunkId, score: -hit.rank }));
    const best = ranked[0]?.score || 1;
    const top = ranked.slice(0, topK);
    const scores = new Map(top.map((entry) => [entry.id, entry.score / best]));
    const passages = this.store.passages(top.map((entry) => entry.id)).map(({ chunk, document }) => ({
      chunkId: chunk.id,
      documentId: document.id,
      title: document.title,
      source: document.source,
      heading: chunk.heading,
      text: chunk.text,
      tags: document.tags,
      score: Math.round((scores.get(chunk.id) ?? 0) * 100) / 100,
    }));
    return { passages, mode: hybrid ? "hybrid" : "fulltext", ...(note ? { note } : {}) };
  }
}
