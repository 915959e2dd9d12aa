import { randomBytes } from "node:crypto";
import type { Db } from "../store/database.js";
import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";
import type { Chunk } from "./chunking.js";
import { indexTokens } from "./tokens.js";
import type { DocumentInfo, Origin } from "./types.js";

export type NewDocument = Pick<
  DocumentInfo,
  "source" | "origin" | "title" | "tags" | "contentType" | "hash" | "chars"
>;

export interface StoredChunk {
  id: number;
  documentId: string;
  heading: string;
  text: string;
}

/** Which chunks a search may return: those of documents with this tag, or whose source contains this. */
export interface ChunkFilter {
  tag?: string;
  source?: string;
}

export interface RankedChunk {
  chunkId: number;
  /** bm25: lower is better. */
  rank: number;
}

export interface ListDocumentsOptions {
  tag?: string;
  limit?: number;
  offset?: number;
}

const DOCUMENT_COLUMNS =
  "d.id, d.source, d.origin, d.title, d.tags, d.content_type, d.hash, d.chars, d.chunks, d.created_at, d.updated_at";

/** Documents, their chunks and the full-text index of the chunks, in SQLite. */
export class KnowledgeStore {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {
    this.statements = {
      bySource: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM knowledge_documents d WHERE d.source = ?`),
      byHash: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM knowledge_documents d WHERE d.hash = ? LIMIT 1`),
      byId: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM knowledge_documents d WHERE d.id = ?`),
      insertDocument: db.prepare(
        `INSERT INTO knowledge_documents
           (id, source, origin, title, tags, content_type, hash, chars, chunks, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      remove: db.prepare("DELETE FROM knowledge_documents WHERE id = ?"),
      insertChunk: db.prepare(
        "INSERT INTO knowledge_chunks (document_id, ordinal, heading, text) VALUES (?, ?, ?, ?)",
      ),
      indexChunk: db.prepare("INSERT INTO knowledge_fts (rowid, heading, body) VALUES (?, ?, ?)"),
      chunksOf: db.prepare(
        "SELECT id, document_id, heading, text FROM knowledge_chunks WHERE document_id = ? ORDER BY ordinal",
      ),
      count: db.prepare(
        "SELECT COUNT(*) AS documents, COALESCE(SUM(chunks), 0) AS chunks FROM knowledge_documents",
      ),
    };
  }

  bySource(source: string): DocumentInfo | undefined {
    return toDocument(this.statements.bySource.get(source) as DocumentRow | undefined);
  }

  byHash(hash: string): DocumentInfo | undefined {
    return toDocument(this.statements.byHash.get(hash) as DocumentRow | undefined);
  }

  get(id: string): DocumentInfo | undefined {
    return toDocument(this.statements.byId.get(id) as DocumentRow | undefined);
  }

  /**
   * Stores a document with its chunks and indexes them, in one transaction; a document of the same source
   * is replaced (its chunks, index entries and vectors go with it). Answers the new document and its chunks.
   */
  save(
    document: NewDocument,
    chunks: Chunk[],
    now = this.clock.now(),
  ): { info: DocumentInfo; chunks: StoredChunk[] } {
    return this.db.transaction(() => {
      const previous = this.bySource(document.source);
      if (previous) this.statements.remove.run(previous.id);
      const id = `k_${randomBytes(6).toString("hex")}`;
      const createdAt = previous?.createdAt ?? now;
      this.statements.insertDocument.run(
        id,
        document.source,
        document.origin,
        document.title,
        JSON.stringify(document.tags),
        document.contentType,
        document.hash,
        document.chars,
        chunks.length,
        createdAt,
        now,
      );
      const stored = chunks.map((chunk, ordinal) => {
        const { lastInsertRowid } = this.statements.insertChunk.run(id, ordinal, chunk.heading, chunk.text);
        const chunkId = Number(lastInsertRowid);
        const heading = [document.title, chunk.heading].filter(Boolean).join(" ");
        this.statements.indexChunk.run(chunkId, indexTokens(heading), indexTokens(chunk.text));
        return { id: chunkId, documentId: id, heading: chunk.heading, text: chunk.text };
      });
      return { info: { ...document, id, chunks: chunks.length, createdAt, updatedAt: now }, chunks: stored };
    })();
  }

  delete(id: string): boolean {
    return this.statements.remove.run(id).changes > 0;
  }

  list(options: ListDocumentsOptions = {}): DocumentInfo[] {
    const tagged = options.tag ? "WHERE EXISTS (SELECT 1 FROM json_each(d.tags) WHERE value = ?)" : "";
    const rows = this.db
      .prepare(
        `SELECT ${DOCUMENT_COLUMNS} FROM knowledge_documents d ${tagged} ORDER BY d.updated_at DESC LIMIT ? OFFSET ?`,
      )
      .all(...(options.tag ? [options.tag] : []), options.limit ?? 100, options.offset ?? 0) as DocumentRow[];
    return rows.map((row) => toDocument(row)!);
  }

  chunksOf(documentId: string): StoredChunk[] {
    return (this.statements.chunksOf.all(documentId) as ChunkRow[]).map(toChunk);
  }

  counts(): { documents: number; chunks: number } {
    return this.statements.count.get() as { documents: number; chunks: number };
  }

  /** The best chunks for an FTS5 MATCH expression, best first (bm25, headings weighing double). */
  fullText(match: string, limit: number, filter: ChunkFilter = {}): RankedChunk[] {
    const { sql, params } = filterClause(filter);
    const restrict = sql ? `AND rowid IN (SELECT c.id FROM knowledge_chunks c ${sql})` : "";
    return this.db
      .prepare(
        `SELECT rowid AS chunkId, bm25(knowledge_fts, 2.0, 1.0) AS rank FROM knowledge_fts
         WHERE knowledge_fts MATCH ? ${restrict} ORDER BY rank LIMIT ?`,
      )
      .all(match, ...params, limit) as RankedChunk[];
  }

  /** The ids of the chunks a filter lets through (for the vector search). */
  filteredChunkIds(filter: ChunkFilter): Set<number> {
    const { sql, params } = filterClause(filter);
    const rows = this.db
      .prepare(`SELECT c.id FROM knowledge_chunks c ${sql}`)
      .pluck()
      .all(...params);
    return new Set(rows as number[]);
  }

  /** Chunks with their documents, in the order of `ids` (missing ones left out). */
  passages(ids: number[]): { chunk: StoredChunk; document: DocumentInfo }[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT c.id AS chunk_id, c.heading AS chunk_heading, c.text AS chunk_text, ${DOCUMENT_COLUMNS}
         FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c.document_id
         WHERE c.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(ids)) as (DocumentRow & {
      chunk_id: number;
      chunk_heading: string;
      chunk_text: string;
    })[];
    const byId = new Map(rows.map((row) => [row.chunk_id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const chunk = { id, documentId: row.id, heading: row.chunk_heading, text: row.chunk_text };
      return [{ chunk, document: toDocument(row)! }];
    });
  }
}

function filterClause(filter: ChunkFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.tag) {
    conditions.push("EXISTS (SELECT 1 FROM json_each(d.tags) WHERE value = ?)");
    params.push(filter.tag);
  }
  if (filter.source) {
    conditions.push("(d.source LIKE ? ESCAPE '\\' OR d.title LIKE ? ESCAPE '\\')");
    const pattern = `%${filter.source.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(pattern, pattern);
  }
  if (conditions.length === 0) return { sql: "", params };
  return {
    sql: `JOIN knowledge_documents d ON d.id = c.document_id WHERE ${conditions.join(" AND ")}`,
    params,
  };
}

interface DocumentRow {
  id: string;
  source: string;
  origin: Origin;
  title: string;
  tags: string;
  content_type: string;
  hash: string;
  chars: number;
  chunks: number;
  created_at: number;
  updated_at: number;
}

interface ChunkRow {
  id: number;
  document_id: string;
  heading: string;
  text: string;
}

function toDocument(row: DocumentRow | undefined): DocumentInfo | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    source: row.source,
    origin: row.origin,
    title: row.title,
    tags: JSON.parse(row.tags) as string[],
    contentType: row.content_type,
    hash: row.hash,
    chars: row.chars,
    chunks: row.chunks,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toChunk(row: ChunkRow): StoredChunk {
  return { id: row.id, documentId: row.document_id, heading: row.heading, text: row.text };
}
