import { randomUUID } from "node:crypto";
import type { ChatMessage } from "../llm/messages.js";
import type { Db } from "./database.js";

export interface ConversationInfo {
  id: string;
  source: string;
  title: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface StoredMessage {
  id: number;
  turnId: string | null;
  createdAt: number;
  message: ChatMessage;
}

/** Conversations and their messages (tool calls and results included), in SQLite. */
export class ConversationStore {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      insert: db.prepare(
        "INSERT INTO conversations (id, source, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      ),
      get: db.prepare("SELECT id, source, title, created_at, updated_at FROM conversations WHERE id = ?"),
      touch: db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?"),
      insertMessage: db.prepare(
        "INSERT INTO messages (conversation_id, turn_id, role, body, created_at) VALUES (?, ?, ?, ?, ?)",
      ),
      recent: db.prepare(
        "SELECT id, turn_id, body, created_at FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT ?",
      ),
      beginTurn: db.prepare("UPDATE conversations SET turns = turns + 1 WHERE id = ? RETURNING turns"),
      insertTurn: db.prepare(
        "INSERT INTO turns (id, conversation_id, number, status, started_at) VALUES (?, ?, ?, 'running', ?)",
      ),
      setTranscript: db.prepare("UPDATE conversations SET transcript_hash = ? WHERE id = ?"),
      byTranscript: db.prepare(
        "SELECT id FROM conversations WHERE transcript_hash = ? AND source = ? ORDER BY updated_at DESC LIMIT 1",
      ),
      list: db.prepare(
        "SELECT id, source, title, created_at, updated_at FROM conversations ORDER BY updated_at DESC LIMIT ?",
      ),
    };
  }

  create(source: string, title?: string): ConversationInfo {
    const now = Date.now();
    const info = { id: randomUUID(), source, title: title ?? null, createdAt: now, updatedAt: now };
    this.statements.insert.run(info.id, source, info.title, now, now);
    return info;
  }

  get(id: string): ConversationInfo | undefined {
    const row = this.statements.get.get(id) as ConversationRow | undefined;
    return row && toInfo(row);
  }

  list(limit = 50): ConversationInfo[] {
    return (this.statements.list.all(limit) as ConversationRow[]).map(toInfo);
  }

  /**
   * Counts a new turn, records it as running, stores the messages it starts with, and answers its
   * number (1 for the first).
   */
  startTurn(conversationId: string, turnId: string, messages: ChatMessage[]): number {
    return this.db.transaction(() => {
      this.append(conversationId, turnId, messages);
      const { turns } = this.statements.beginTurn.get(conversationId) as { turns: number };
      this.statements.insertTurn.run(turnId, conversationId, turns, Date.now());
      return turns;
    })();
  }

  /**
   * Remembers a fingerprint of what the client has seen, so a client that sends the whole history
   * back each time (as OpenAI clients do) finds its conversation again.
   */
  setTranscriptHash(id: string, hash: string): void {
    this.statements.setTranscript.run(hash, id);
  }

  findByTranscriptHash(hash: string, source: string): string | undefined {
    return (this.statements.byTranscript.get(hash, source) as { id: string } | undefined)?.id;
  }

  /** Appends messages atomically: a round's assistant message and its tool results land together or not at all. */
  append(conversationId: string, turnId: string | null, messages: ChatMessage[]): void {
    const now = Date.now();
    this.db.transaction(() => {
      for (const message of messages) {
        this.statements.insertMessage.run(conversationId, turnId, message.role, JSON.stringify(message), now);
      }
      this.statements.touch.run(now, conversationId);
    })();
  }

  /** The newest messages, oldest first, starting at a user or system message so no tool result is orphaned. */
  history(conversationId: string, limit = 200): ChatMessage[] {
    return this.stored(conversationId, limit).map((m) => m.message);
  }

  stored(conversationId: string, limit = 200): StoredMessage[] {
    const rows = (this.statements.recent.all(conversationId, limit) as MessageRow[]).reverse();
    const messages = rows.map((row) => ({
      id: row.id,
      turnId: row.turn_id,
      createdAt: row.created_at,
      message: JSON.parse(row.body) as ChatMessage,
    }));
    const start = messages.findIndex((m) => m.message.role === "user" || m.message.role === "system");
    return start < 0 ? [] : messages.slice(start);
  }
}

interface ConversationRow {
  id: string;
  source: string;
  title: string | null;
  created_at: number;
  updated_at: number;
}

interface MessageRow {
  id: number;
  turn_id: string | null;
  body: string;
  created_at: number;
}

function toInfo(row: ConversationRow): ConversationInfo {
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
