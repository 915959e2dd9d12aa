import { randomBytes } from "node:crypto";
import type { Db } from "./database.js";
import type { Outcome, Thought, ThoughtAction, ThoughtStatus, ThoughtTrigger } from "./thought-types.js";

export interface ThoughtEnd {
  status: Exclude<ThoughtStatus, "running">;
  outcome?: Outcome;
  text?: string;
  actions?: ThoughtAction[];
  reason?: string;
  /** The satellite it was spoken on. */
  spokenOn?: string;
  conversationId?: string;
  tokens?: number;
}

/** Skip counters are kept this long (hourly buckets), then pruned. */
export const SKIP_RETENTION_MS = 30 * 24 * 3_600_000;
const HOUR = 3_600_000;

/**
 * Thoughts in SQLite: every one that ran, with how it ended. The budget is counted from these rows
 * (thoughts in the last hour, tokens since the start of the day), so it survives restarts. A trigger
 * that was skipped (a duplicate, over budget) is only counted, per hour and reason: a flood of
 * triggers costs a counter, not a row each.
 */
export class ThoughtStore {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO thoughts (id, trigger_kind, trigger, dedupe_key, status, started_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      finish: db.prepare(
        `UPDATE thoughts SET status = ?, outcome = ?, text = ?, actions = ?, reason = ?, spoken_on = ?,
           conversation_id = ?, tokens = ?, finished_at = ? WHERE id = ?`,
      ),
      get: db.prepare("SELECT * FROM thoughts WHERE id = ?"),
      recent: db.prepare("SELECT * FROM thoughts ORDER BY started_at DESC LIMIT ?"),
      ranSince: db.prepare(
        "SELECT COUNT(*) AS n FROM thoughts WHERE started_at >= ? AND status IN ('running', 'finished', 'failed', 'cancelled')",
      ),
      tokensSince: db.prepare("SELECT COALESCE(SUM(tokens), 0) AS n FROM thoughts WHERE started_at >= ?"),
      // A run a person's turn cut short counts too: its retry waits, and a second trigger would be a twin.
      lastOfKey: db.prepare(
        `SELECT started_at FROM thoughts WHERE dedupe_key = ? AND id != ? AND status IN ('running', 'finished', 'cancelled')
         ORDER BY started_at DESC LIMIT 1`,
      ),
      countSkip: db.prepare(
        `INSERT INTO thought_skips (hour, reason, count) VALUES (?, ?, 1)
         ON CONFLICT (hour, reason) DO UPDATE SET count = count + 1`,
      ),
      pruneSkips: db.prepare("DELETE FROM thought_skips WHERE hour < ?"),
      skipsSince: db.prepare(
        "SELECT reason, SUM(count) AS n FROM thought_skips WHERE hour >= ? GROUP BY reason ORDER BY reason",
      ),
      skippedRows: db.prepare("SELECT COUNT(*) AS n FROM thoughts WHERE status = 'skipped'"),
      peopleTalking: db.prepare(
        `SELECT COUNT(*) AS n FROM turns JOIN conversations ON conversations.id = turns.conversation_id
         WHERE turns.status = 'running' AND conversations.source != 'thinker'`,
      ),
      pendingNotes: db.prepare(
        "SELECT * FROM thoughts WHERE outcome = 'note' AND note_delivered_at IS NULL ORDER BY started_at LIMIT 5",
      ),
      noteDelivered: db.prepare("UPDATE thoughts SET note_delivered_at = ? WHERE id = ?"),
      interruptRunning: db.prepare(
        "UPDATE thoughts SET status = 'cancelled', reason = 'Cyrene restarted', finished_at = ? WHERE status = 'running'",
      ),
    };
  }

  start(trigger: ThoughtTrigger, dedupeKey: string, now: number, status: ThoughtStatus = "running"): string {
    const id = `t_${randomBytes(4).toString("hex")}`;
    this.statements.insert.run(id, trigger.kind, JSON.stringify(trigger), dedupeKey, status, now);
    return id;
  }

  finish(id: string, end: ThoughtEnd, now: number): void {
    this.statements.finish.run(
      end.status,
      end.outcome ?? null,
      end.text ?? null,
      JSON.stringify(end.actions ?? []),
      end.reason ?? null,
      end.spokenOn ?? null,
      end.conversationId ?? null,
      end.tokens ?? 0,
      now,
      id,
    );
  }

  get(id: string): Thought | undefined {
    const row = this.statements.get.get(id) as ThoughtRow | undefined;
    return row && toThought(row);
  }

  recent(limit = 50): Thought[] {
    return (this.statements.recent.all(limit) as ThoughtRow[]).map(toThought);
  }

  thoughtsSince(since: number): number {
    return (this.statements.ranSince.get(since) as { n: number }).n;
  }

  tokensSince(since: number): number {
    return (this.statements.tokensSince.get(since) as { n: number }).n;
  }

  /** When the trigger last ran (leaving out the run `except`), if it did. */
  lastRunOf(dedupeKey: string, except = ""): number | undefined {
    const row = this.statements.lastOfKey.get(dedupeKey, except) as { started_at: number } | undefined;
    return row?.started_at;
  }

  /** Counts a skipped trigger in its hour; counters older than the retention go. */
  countSkip(reason: string, now: number): void {
    this.statements.countSkip.run(now - (now % HOUR), reason);
    this.statements.pruneSkips.run(now - SKIP_RETENTION_MS);
  }

  /** Skipped triggers since `since` (whole hours), by reason. */
  skipsSince(since: number): Record<string, number> {
    const rows = this.statements.skipsSince.all(since - (since % HOUR)) as { reason: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.reason, r.n]));
  }

  /** Rows of skipped thoughts (none since skips are counted; older databases' are folded in on upgrade). */
  skippedRows(): number {
    return (this.statements.skippedRows.get() as { n: number }).n;
  }

  /** Whether a person's turn is running now (anything but a thought's). */
  peopleTalking(): boolean {
    return (this.statements.peopleTalking.get() as { n: number }).n > 0;
  }

  /** Notes for the next conversation not yet given to one; marked given as they are taken. */
  takeNotes(now: number): Thought[] {
    const notes = (this.statements.pendingNotes.all() as ThoughtRow[]).map(toThought);
    for (const note of notes) this.statements.noteDelivered.run(now, note.id);
    return notes;
  }

  interruptRunning(now: number): void {
    this.statements.interruptRunning.run(now);
  }
}

interface ThoughtRow {
  id: string;
  trigger: string;
  status: ThoughtStatus;
  outcome: Outcome | null;
  text: string | null;
  actions: string;
  reason: string | null;
  spoken_on: string | null;
  conversation_id: string | null;
  tokens: number;
  started_at: number;
  finished_at: number | null;
}

function toThought(row: ThoughtRow): Thought {
  return {
    id: row.id,
    trigger: JSON.parse(row.trigger) as ThoughtTrigger,
    status: row.status,
    outcome: row.outcome,
    text: row.text,
    actions: JSON.parse(row.actions) as ThoughtAction[],
    reason: row.reason,
    spokenOn: row.spoken_on,
    conversationId: row.conversation_id,
    tokens: row.tokens,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
