import type { Config } from "../config/schema.js";
import type { Logger } from "../logging/logger.js";
import type { NetworkGuard } from "../net/guard.js";
import type { Db } from "../store/database.js";
import type { HomeTime } from "../time/home-time.js";
import { Embedder, type EmbeddingsOptions } from "./embeddings.js";
import { FactsNote } from "./facts-note.js";
import { DEFAULT_LIMITS, KnowledgeBase, type KnowledgeLimits } from "./knowledge-base.js";
import { MemorySearch } from "./memory-search.js";

export { KnowledgeBase, type IngestOutcome } from "./knowledge-base.js";
export type { IngestInput } from "./ingest-input.js";
export { MemorySearch, type MemoryHit, type MemoryKind } from "./memory-search.js";
export { resolveRange, type TimeRange } from "./time-range.js";
export { MEMORY_TAG, type DocumentInfo, type Passage } from "./types.js";
// The ranking parts the tool selection shares with the knowledge search.
export { Embedder } from "./embeddings.js";
export { fuseRanks } from "./fusion.js";
export { estimateTokens, indexTokens, queryTerms } from "./tokens.js";
export { dot, normalized } from "./vector-index.js";

export interface KnowledgeOptions {
  db: Db;
  guard: NetworkGuard;
  logger: Logger;
  /** Vectors beside full text, when an embeddings endpoint is configured. */
  embeddings?: EmbeddingsOptions;
  limits?: Partial<KnowledgeLimits>;
  time: HomeTime;
}

export interface Knowledge {
  base: KnowledgeBase;
  /** The largest document, upload or file it takes. */
  maxDocumentBytes: number;
  memory: MemorySearch;
  /** The remembered facts for the Assistant's turn note. */
  factsNote: FactsNote;
  /** Catches up on what is not indexed yet (old messages after an update, chunks without vectors), in the background. */
  start(): void;
  stop(): Promise<void>;
}

/** The knowledge settings as configured: the size and time limits, and the embeddings endpoint if one is set. */
export function knowledgeSettings(config: Config): Pick<KnowledgeOptions, "limits" | "embeddings"> {
  const { baseUrl, apiKey, model } = config.embeddings;
  return {
    limits: {
      maxBytes: Math.round(config.knowledge.maxDocumentMb * 2 ** 20),
      timeoutMs: Math.max(60_000, config.web.timeoutMs),
    },
    embeddings: baseUrl && model ? { baseUrl, apiKey, model } : undefined,
  };
}

/** The knowledge base and the long-term memory, on the shared database. */
export function createKnowledge(options: KnowledgeOptions): Knowledge {
  const embedder = options.embeddings && new Embedder(options.embeddings);
  const base = new KnowledgeBase({
    db: options.db,
    guard: options.guard,
    logger: options.logger,
    embedder,
    limits: options.limits,
    time: options.time,
  });
  const memory = new MemorySearch(options.db, base.store);
  const factsNote = new FactsNote(base, { time: options.time });
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let embedding: Promise<number> | undefined;

  const indexSome = () => {
    timer = undefined;
    if (stopping.signal.aborted) return;
    try {
      if (!memory.catchUp(100)) timer = setTimeout(indexSome, 10);
    } catch (error) {
      options.logger.warn({ err: error }, "knowledge: memory index catch-up failed");
    }
  };

  return {
    base,
    maxDocumentBytes: options.limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes,
    memory,
    factsNote,
    start() {
      timer = setTimeout(indexSome, 0);
      timer.unref();
      if (embedder) embedding = base.catchUpEmbeddings(stopping.signal);
    },
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await embedding?.catch(() => undefined);
    },
  };
}
