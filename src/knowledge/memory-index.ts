import type { ChatMessage } from "../llm/messages.js";
import type { Db } from "../store/database.js";
import { indexTokens } from "./tokens.js";

/**
 * The full-text index of what was said (user and assistant texts of every conversation) and of the
 * Thinker's thoughts, kept beside their tables. It is filled by catching up: every search first indexes the
 * messages and thoughts added since the last one (a high-water mark on their row ids), so storing a message
 * costs nothing extra; a deleted conversation takes its entries along (a trigger on messages).
 */
export class MemoryIndex {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      mark: db.prepare("SELECT value FROM knowledge_state WHERE key = ?").pluck(),
      setMark: db.prepare("INSERT OR REPLACE INTO knowledge_state (key, value) VALUES (?, ?)"),
      messages: db.prepare("SELECT id, role, body FROM messages WHERE id > ? ORDER BY id LIMIT ?"),
      indexMessage: db.prepare("INSERT OR REPLACE INTO memory_fts (rowid, body) VALUES (?, ?)"),
      thoughts: db.prepare(
        "SELECT rowid, status, trigger, text FROM thoughts WHERE rowid > ? ORDER BY rowid LIMIT ?",
      ),
      indexThought: db.prepare("INSERT OR REPLACE INTO thought_fts (rowid, body) VALUES (?, ?)"),
    };
  }

  /**
   * Indexes what was added since the last catch-up, for at most `budgetMs` (a long history, after an
   * update, is indexed over several calls). Answers whether everything is indexed now.
   */
  catchUp(budgetMs = 250): boolean {
    const stop = performance.now() + budgetMs;
    let complete = false;
    while (performance.now() < stop) {
      const messages = this.catchUpMessages(500);
      const thoughts = this.catchUpThoughts(200);
      complete = messages && thoughts;
      if (complete) break;
    }
    return complete;
  }

  private catchUpMessages(batch: number): boolean {
    const mark = (this.statements.mark.get("messages") as number | undefined) ?? 0;
    const rows = this.statements.messages.all(mark, batch) as { id: number; role: string; body: string }[];
    if (rows.length === 0) return true;
    this.db.transaction(() => {
      for (const row of rows) {
        const text = row.role === "user" || row.role === "assistant" ? messageText(row.body) : "";
        if (text) this.statements.indexMessage.run(row.id, indexTokens(text));
      }
      this.statements.setMark.run("messages", rows.at(-1)!.id);
    })();
    return rows.length < batch;
  }

  /** Thoughts are indexed once they end; the mark stops before the first one still running. */
  private catchUpThoughts(batch: number): boolean {
    const mark = (this.statements.mark.get("thoughts") as number | undefined) ?? 0;
    const rows = this.statements.thoughts.all(mark, batch) as ThoughtRow[];
    if (rows.length === 0) return true;
    let last = mark;
    let blocked = false;
    this.db.transaction(() => {
      for (const row of rows) {
        if (row.status === "running") {
          blocked = true;
          break;
        }
        const text = thoughtText(row);
        if (text) this.statements.indexThought.run(row.rowid, indexTokens(text));
        last = row.rowid;
      }
      this.statements.setMark.run("thoughts", last);
    })();
    return blocked || rows.length < batch;
  }
}

interface ThoughtRow {
  rowid: number;
  status: string;
  trigger: string;
  text: string | null;
}

/** The visible text of a stored user or assistant message ("" for tool calls without text). */
export function messageText(body: string): string {
  const message = JSON.parse(body) as ChatMessage;
  const content = message.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => ("text" in part && typeof part.text === "string" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** What a thought was about and what came of it. */
export function thoughtText(row: { trigger: string; text: string | null }): string {
  const trigger = JSON.parse(row.trigger) as { prompt?: string; topic?: string };
  return [trigger.topic, trigger.prompt, row.text].filter(Boolean).join("\n");
}
