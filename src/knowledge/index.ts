import type { Logger } from "../logging/logger.js";
import type { NetworkGuard } from "../net/guard.js";
import type { Db } from "../store/database.js";
import { Embedder, type EmbeddingsOptions } from "./embeddings.js";
import { FactsNote } from "./facts-note.js";
import { KnowledgeBase, type KnowledgeLimits } from "./knowledge-base.js";
import { MemorySearch } from "./memory-search.js";

export { KnowledgeBase, type IngestInput, type IngestOutcome } from "./knowledge-base.js";
export { MemorySearch, type MemoryHit, type MemoryKind } from "./memory-search.js";
export { resolveRange, type TimeRange } from "./time-range.js";
export { MEMORY_TAG, type DocumentInfo, type Passage } from "./types.js";

export interface KnowledgeOptions {
  db: Db;
  guard: NetworkGuard;
  logger: Logger;
  /** Vectors beside full text, when an embeddings endpoint is configured. */
  embeddings?: EmbeddingsOptions;
  limits?: Partial<KnowledgeLimits>;
  zone: () => string;
}

export interface Knowledge {
  base: KnowledgeBase;
  memory: MemorySearch;
  /** The remembered facts for the Assistant's turn note. */
  factsNote: FactsNote;
  /** Catches up on what is not indexed yet (old messages after an update, chunks without vectors), in the background. */
  start(): void;
  stop(): Promise<void>;
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
  });
  const memory = new MemorySearch(options.db, base.store);
  const factsNote = new FactsNote(base, { zone: options.zone });
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
