import type { Db } from "../store/database.js";
import { fuseRanks } from "./fusion.js";
import type { KnowledgeStore } from "./store.js";
import { MemoryIndex, messageText, thoughtText } from "./memory-index.js";
import type { TimeRange } from "./time-range.js";
import { matchExpression, queryTerms } from "./tokens.js";
import { MEMORY_TAG } from "./types.js";

export type MemoryKind = "said" | "fact" | "thought";

export interface MemoryQuery {
  /** Words to find; without them, the newest entries (in the range) come back. */
  query?: string;
  range?: TimeRange;
  kind?: MemoryKind;
  /** Entries returned (default 8, at most 20). */
  limit?: number;
  /** Leave out this turn's messages (the question being asked must not answer itself). */
  excludeTurnId?: string;
  /**
   * Whose conversations "said" covers: the owner key of the turn's requester (see
   * store/conversation-access.ts). Without one, nothing said is found; facts and thoughts are the
   * household's and found all the same.
   */
  owner?: string;
}

/** One exchange of a past conversation: the user's message and the answer (either may be what matched). */
export interface SaidHit {
  kind: "said";
  at: number;
  conversationId: string;
  user?: string;
  assistant?: string;
}

export interface FactHit {
  kind: "fact";
  at: number;
  id: string;
  title: string;
  text: string;
}

export interface ThoughtHit {
  kind: "thought";
  at: number;
  id: string;
  about: string;
  outcome: string | null;
  text: string | null;
}

export type MemoryHit = SaidHit | FactHit | ThoughtHit;

const EVERYTHING: TimeRange = { from: 0, to: Number.MAX_SAFE_INTEGER };
/** Characters kept of each text in a hit, around the first matching word. */
const SNIPPET = 400;

/**
 * Recall over three kinds of memory: what was said in past conversations of the same owner (not the
 * Thinker's own), the facts the user asked to have remembered, and the Thinker's thoughts. With words, each kind is ranked by
 * bm25 and the three rankings are fused by reciprocal rank; without, the newest come first.
 */
export class MemorySearch {
  private readonly index: MemoryIndex;

  constructor(
    private readonly db: Db,
    private readonly knowledge: KnowledgeStore,
  ) {
    this.index = new MemoryIndex(db);
  }

  /** Indexes what was added since the last search; the start-up catch-up calls this too. */
  catchUp(budgetMs?: number): boolean {
    return this.index.catchUp(budgetMs);
  }

  search(request: MemoryQuery): MemoryHit[] {
    this.index.catchUp();
    const limit = Math.min(20, Math.max(1, request.limit ?? 8));
    const range = request.range ?? EVERYTHING;
    const terms = queryTerms(request.query ?? "");
    const match = matchExpression(terms);
    const wants = (kind: MemoryKind) => !request.kind || request.kind === kind;
    const lists: MemoryHit[][] = [
      wants("said") && request.owner !== undefined
        ? this.said(match, range, limit, request.owner, request.excludeTurnId ?? "")
        : [],
      wants("fact") ? this.facts(match, range, limit) : [],
      wants("thought") ? this.thoughts(match, range, limit) : [],
    ];
    let hits: MemoryHit[];
    if (match) {
      const byKey = new Map(lists.flat().map((hit) => [keyOf(hit), hit]));
      hits = fuseRanks(lists.map((list) => list.map(keyOf))).map(({ id }) => byKey.get(id)!);
    } else {
      hits = lists.flat().sort((a, b) => b.at - a.at);
    }
    return hits.slice(0, limit).map((hit) => snippets(hit, terms));
  }

  private said(
    match: string | undefined,
    range: TimeRange,
    limit: number,
    owner: string,
    excludeTurnId: string,
  ): SaidHit[] {
    const rows = (
      match
        ? this.db
            .prepare(
              `SELECT m.id, m.conversation_id, m.role, m.body, m.created_at FROM memory_fts
               JOIN messages m ON m.id = memory_fts.rowid JOIN conversations c ON c.id = m.conversation_id
               WHERE memory_fts MATCH ? AND c.caller = ? AND c.source != 'thinker'
                 AND m.created_at BETWEEN ? AND ? AND COALESCE(m.turn_id, '') != ?
               ORDER BY bm25(memory_fts) LIMIT ?`,
            )
            .all(match, owner, range.from, range.to, excludeTurnId, limit * 2)
        : this.db
            .prepare(
              `SELECT m.id, m.conversation_id, m.role, m.body, m.created_at FROM messages m
               JOIN conversations c ON c.id = m.conversation_id
               WHERE m.role = 'user' AND c.caller = ? AND c.source != 'thinker'
                 AND m.created_at BETWEEN ? AND ? AND COALESCE(m.turn_id, '') != ?
               ORDER BY m.id DESC LIMIT ?`,
            )
            .all(owner, range.from, range.to, excludeTurnId, limit)
    ) as MessageRow[];
    const seen = new Set<number>();
    const hits: SaidHit[] = [];
    for (const row of rows) {
      const text = messageText(row.body);
      const pair = row.role === "user" ? this.answerTo(row) : this.questionBefore(row);
      const userId = row.role === "user" ? row.id : (pair?.id ?? row.id);
      if (seen.has(userId)) continue;
      seen.add(userId);
      const pairText = pair ? messageText(pair.body) : undefined;
      hits.push({
        kind: "said",
        at: row.created_at,
        conversationId: row.conversation_id,
        user: row.role === "user" ? text : pairText,
        assistant: row.role === "assistant" ? text : pairText,
      });
      if (hits.length >= limit) break;
    }
    return hits;
  }

  private answerTo(row: MessageRow): { id: number; body: string } | undefined {
    const rows = this.db
      .prepare(
        `SELECT id, role, body FROM messages WHERE conversation_id = ? AND id > ? AND role IN ('user', 'assistant')
         ORDER BY id LIMIT 8`,
      )
      .all(row.conversation_id, row.id) as { id: number; role: string; body: string }[];
    for (const next of rows) {
      if (next.role === "user") return undefined;
      if (messageText(next.body)) return next;
    }
    return undefined;
  }

  private questionBefore(row: MessageRow): { id: number; body: string } | undefined {
    return this.db
      .prepare(
        "SELECT id, body FROM messages WHERE conversation_id = ? AND id < ? AND role = 'user' ORDER BY id DESC LIMIT 1",
      )
      .get(row.conversation_id, row.id) as { id: number; body: string } | undefined;
  }

  private facts(match: string | undefined, range: TimeRange, limit: number): FactHit[] {
    const inRange = (at: number) => at >= range.from && at <= range.to;
    if (!match) {
      return this.knowledge
        .list({ tag: MEMORY_TAG, limit: 200 })
        .filter((doc) => inRange(doc.updatedAt))
        .slice(0, limit)
        .flatMap((doc) => {
          const [chunk] = this.knowledge.chunksOf(doc.id);
          return chunk
            ? [{ kind: "fact" as const, at: doc.updatedAt, id: doc.id, title: doc.title, text: chunk.text }]
            : [];
        });
    }
    const ranked = this.knowledge.fullText(match, limit * 3, { tag: MEMORY_TAG }).map((hit) => hit.chunkId);
    const seen = new Set<string>();
    return this.knowledge.passages(ranked).flatMap(({ chunk, document }) => {
      if (seen.has(document.id) || !inRange(document.updatedAt)) return [];
      seen.add(document.id);
      return [
        {
          kind: "fact" as const,
          at: document.updatedAt,
          id: document.id,
          title: document.title,
          text: chunk.text,
        },
      ];
    });
  }

  private thoughts(match: string | undefined, range: TimeRange, limit: number): ThoughtHit[] {
    const rows = (
      match
        ? this.db
            .prepare(
              `SELECT t.id, t.trigger, t.outcome, t.text, t.started_at FROM thought_fts
               JOIN thoughts t ON t.rowid = thought_fts.rowid
               WHERE thought_fts MATCH ? AND t.started_at BETWEEN ? AND ?
               ORDER BY bm25(thought_fts) LIMIT ?`,
            )
            .all(match, range.from, range.to, limit)
        : this.db
            .prepare(
              `SELECT id, trigger, outcome, text, started_at FROM thoughts
               WHERE status = 'finished' AND started_at BETWEEN ? AND ? ORDER BY started_at DESC LIMIT ?`,
            )
            .all(range.from, range.to, limit)
    ) as { id: string; trigger: string; outcome: string | null; text: string | null; started_at: number }[];
    return rows.map((row) => {
      const trigger = JSON.parse(row.trigger) as { prompt?: string; topic?: string };
      return {
        kind: "thought",
        at: row.started_at,
        id: row.id,
        about: trigger.topic ?? trigger.prompt ?? thoughtText(row),
        outcome: row.outcome,
        text: row.text,
      };
    });
  }
}

interface MessageRow {
  id: number;
  conversation_id: string;
  role: string;
  body: string;
  created_at: number;
}

function keyOf(hit: MemoryHit): string {
  if (hit.kind === "said") return `said:${hit.conversationId}:${hit.at}:${hit.user ?? hit.assistant ?? ""}`;
  return `${hit.kind}:${hit.id}`;
}

function snippets(hit: MemoryHit, terms: string[]): MemoryHit {
  if (hit.kind === "said")
    return { ...hit, user: snippet(hit.user, terms), assistant: snippet(hit.assistant, terms) };
  if (hit.kind === "thought")
    return { ...hit, about: snippet(hit.about, terms)!, text: snippet(hit.text ?? undefined, terms) ?? null };
  return { ...hit, text: snippet(hit.text, terms)! };
}

/** The text, or `SNIPPET` characters of it around the first term found. */
export function snippet(text: string | undefined, terms: string[]): string | undefined {
  if (text === undefined || text.length <= SNIPPET) return text;
  const lower = text.toLowerCase();
  const at =
    terms
      .map((term) => lower.indexOf(term))
      .filter((index) => index >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, Math.min(at - SNIPPET / 4, text.length - SNIPPET));
  const end = start + SNIPPET;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
