import { randomUUID } from "node:crypto";
import type { ChatMessage } from "../llm/messages.js";
import { firstLineTitle } from "../titles.js";
import { mayOpen, type Requester } from "./conversation-access.js";
import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";
import type { Db } from "./database.js";
import { SeenTranscripts } from "./seen-transcripts.js";
import type { TurnEnd } from "./turns.js";

export interface ConversationInfo {
  id: string;
  source: string;
  title: string | null;
  /** Whose conversation it is: an owner key (see conversation-access.ts). */
  owner: string;
  createdAt: number;
  updatedAt: number;
}

export interface StoredMessage {
  id: number;
  turnId: string | null;
  createdAt: number;
  message: ChatMessage;
}

export interface ListOptions {
  limit?: number;
  /** Only conversations updated before this instant (ms): the next page after the last one seen. */
  before?: number;
  /** Text that must appear in the title or a message. */
  query?: string;
  source?: string;
  /** Leave out the conversations of this source (a person's chat list leaves out the Thinker's). */
  excludeSource?: string;
  /** Only the conversations this requester may open (all of them with `seesAll`). */
  visibleTo?: Requester;
}

export interface NewConversation {
  source: string;
  /** The owner key of the requester who opens it (see conversation-access.ts). */
  owner: string;
  /** The entry point's own id for the conversation, unique per source. */
  externalId?: string;
}

const TITLE_LENGTH = 60;

/** Conversations and their messages (tool calls and results included), in SQLite. */
export class ConversationStore {
  /** What the client of each conversation has been shown, for clients that resend their history. */
  readonly seen: SeenTranscripts;
  private readonly statements;

  /** Stamps with `clock` (compose gives HomeTime; the system's by default). */
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {
    this.seen = new SeenTranscripts(db);
    const columns = "id, source, title, caller, created_at, updated_at";
    this.statements = {
      insert: db.prepare(
        `INSERT INTO conversations (id, source, title, caller, created_at, updated_at, external_id)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      byExternalId: db.prepare("SELECT id FROM conversations WHERE source = ? AND external_id = ?"),
      setExternal: db.prepare("UPDATE conversations SET external_id = ? WHERE id = ?"),
      get: db.prepare(`SELECT ${columns} FROM conversations WHERE id = ?`),
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
      finishTurn: db.prepare(
        `UPDATE turns SET status = ?, error = ?, rounds = ?, tool_calls = ?, prompt_tokens = ?,
           completion_tokens = ?, cached_tokens = ?, finished_at = ? WHERE id = ?`,
      ),
      nameUntitled: db.prepare("UPDATE conversations SET title = ? WHERE id = ? AND title IS NULL"),
      remove: db.prepare("DELETE FROM conversations WHERE id = ?"),
    };
  }

  create(
    source: string,
    options: { title?: string; owner?: string; externalId?: string } = {},
  ): ConversationInfo {
    const now = this.clock.now();
    const info = {
      id: randomUUID(),
      source,
      title: options.title ?? null,
      owner: options.owner ?? "",
      createdAt: now,
      updatedAt: now,
    };
    this.statements.insert.run(info.id, source, info.title, info.owner, now, now, options.externalId ?? null);
    return info;
  }

  /** Gives a conversation the entry point's own id for it (unique per source). */
  setExternal(id: string, externalId: string): void {
    this.statements.setExternal.run(externalId, id);
  }

  /** A conversation by id, whoever owns it: for the store's own users, never to answer a requester. */
  get(id: string): ConversationInfo | undefined {
    const row = this.statements.get.get(id) as ConversationRow | undefined;
    return row && toInfo(row);
  }

  /**
   * The conversation `requester` names, if it may open it (conversation-access.ts); otherwise undefined,
   * exactly as for an id that does not exist, so that naming someone else's tells nothing.
   */
  open(id: string, requester: Requester): ConversationInfo | undefined {
    const info = this.get(id);
    return info && mayOpen(requester, info.owner) ? info : undefined;
  }

  /** Whose a conversation is (its owner key), or undefined when there is no such conversation. */
  ownerOf(id: string): string | undefined {
    return this.get(id)?.owner;
  }

  /** Newest first; page on with `before` = the last one's updatedAt. */
  list(options: ListOptions = {}): ConversationInfo[] {
    const conditions: [string, ...unknown[]][] = [];
    if (options.before !== undefined) conditions.push(["updated_at < ?", options.before]);
    if (options.source !== undefined) conditions.push(["source = ?", options.source]);
    if (options.excludeSource !== undefined) conditions.push(["source != ?", options.excludeSource]);
    const requester = options.visibleTo;
    if (requester && !requester.seesAll) conditions.push(["caller = ?", requester.owner]);
    if (options.query) {
      const pattern = `%${options.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push([
        `(title LIKE ? ESCAPE '\\' OR id IN (SELECT conversation_id FROM messages
           WHERE role IN ('user', 'assistant') AND body LIKE ? ESCAPE '\\'))`,
        pattern,
        pattern,
      ]);
    }
    const where = conditions.length ? ` WHERE ${conditions.map(([sql]) => sql).join(" AND ")}` : "";
    const rows = this.db
      .prepare(
        `SELECT id, source, title, caller, created_at, updated_at FROM conversations${where}
                ORDER BY updated_at DESC LIMIT ?`,
      )
      .all(...conditions.flatMap(([, ...params]) => params), options.limit ?? 50) as ConversationRow[];
    return rows.map(toInfo);
  }

  /**
   * The conversation an entry point knows by its own id (HA's conversation id over Wyoming). Whose it is
   * is checked where the turn opens it (Assistant.turn), as for any id.
   */
  findExternal(source: string, externalId: string): string | undefined {
    return (this.statements.byExternalId.get(source, externalId) as { id: string } | undefined)?.id;
  }

  /** Deletes a conversation with its messages, turns and background jobs. */
  delete(id: string): boolean {
    return this.statements.remove.run(id).changes > 0;
  }

  /**
   * Counts a new turn, records it as running, stores the messages it starts with (made once its number
   * is known, so the turn's context is whole before its note is written), names an untitled
   * conversation after its first user message, and answers the turn's number (1 for the first). With
   * `create`, the conversation itself is created in the same transaction: a turn cancelled before it
   * starts leaves nothing behind.
   */
  startTurn(
    conversationId: string,
    turnId: string,
    /** The messages the turn starts with, given its number. */
    opening: (turnNumber: number) => ChatMessage[],
    create?: NewConversation,
  ): number {
    return this.db.transaction(() => {
      if (create) {
        const now = this.clock.now();
        const { source, owner, externalId = null } = create;
        this.statements.insert.run(conversationId, source, null, owner, now, now, externalId);
      }
      const { turns } = this.statements.beginTurn.get(conversationId) as { turns: number };
      const messages = opening(turns);
      this.append(conversationId, turnId, messages);
      this.statements.insertTurn.run(turnId, conversationId, turns, this.clock.now());
      const user = messages.findLast((m) => m.role === "user");
      if (typeof user?.content === "string") {
        this.statements.nameUntitled.run(firstLineTitle(user.content, TITLE_LENGTH), conversationId);
      }
      return turns;
    })();
  }

  /**
   * Ends a turn in one transaction: its last round's messages, how it ended and what it cost, and
   * (for clients that resend their history) what the client has now been shown.
   */
  finishTurn(
    conversationId: string,
    turnId: string,
    messages: ChatMessage[],
    end: TurnEnd,
    seen?: string[],
  ): void {
    const { usage } = end;
    this.db.transaction(() => {
      if (messages.length) this.append(conversationId, turnId, messages);
      this.statements.finishTurn.run(
        end.status,
        end.error ?? null,
        end.rounds,
        end.toolCalls,
        usage.promptTokens,
        usage.completionTokens,
        usage.cachedTokens ?? null,
        this.clock.now(),
        turnId,
      );
      if (seen) this.seen.record(conversationId, seen);
    })();
  }

  /** Appends messages atomically: a round's assistant message and its tool results land together or not at all. */
  append(conversationId: string, turnId: string | null, messages: ChatMessage[]): void {
    const now = this.clock.now();
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
  caller: string;
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
    owner: row.caller,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
