import type { Requester } from "./conversation-access.js";
import type { Db } from "./database.js";
import { continues } from "./transcript.js";

/** The outcome of looking a client's history up: one conversation, none, or too many to tell apart. */
export type HistoryMatch = { conversationId: string } | { ambiguous: number } | undefined;

/**
 * What each conversation's client has been shown (transcript.ts), for clients that resend their whole
 * history and no id: remembered when a turn ends, so that the next resend finds its conversation.
 */
export class SeenTranscripts {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      set: db.prepare("UPDATE conversations SET seen = ?, seen_tail = ? WHERE id = ?"),
      byTail: db.prepare(
        "SELECT id, seen FROM conversations WHERE seen_tail = ? AND source = ? AND caller = ? LIMIT 50",
      ),
      of: db.prepare("SELECT seen FROM conversations WHERE id = ?"),
    };
  }

  /** Remembers what the client has been shown, so its next resend finds this conversation. */
  record(conversationId: string, seen: string[]): void {
    this.statements.set.run(JSON.stringify(seen), seen.at(-1) ?? null, conversationId);
  }

  of(conversationId: string): string[] {
    const row = this.statements.of.get(conversationId) as { seen: string } | undefined;
    return row ? (JSON.parse(row.seen) as string[]) : [];
  }

  /**
   * The conversation a resent history continues: the one whose shown transcript ends with it, among the
   * requester's own conversations from this source (never more, whatever `seesAll` says). Only an
   * unambiguous match counts; two clients that began alike must never land in each other's conversation.
   */
  match(source: string, requester: Requester, history: string[]): HistoryMatch {
    const matches = this.matches(source, requester, history);
    if (matches.length === 1) return { conversationId: matches[0]! };
    return matches.length > 1 ? { ambiguous: matches.length } : undefined;
  }

  /** Every conversation of the requester's, from this source, whose shown transcript ends with `history`. */
  matches(source: string, requester: Requester, history: string[]): string[] {
    const tail = history.at(-1);
    if (!tail) return [];
    const rows = this.statements.byTail.all(tail, source, requester.owner) as { id: string; seen: string }[];
    return rows.filter((row) => continues(JSON.parse(row.seen) as string[], history)).map((row) => row.id);
  }
}
