import type { LlmUsage } from "../llm/messages.js";
import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";
import type { Db } from "./database.js";

export type TurnStatus = "running" | "completed" | "failed" | "cancelled" | "interrupted";

export interface TurnRecord {
  id: string;
  conversationId: string;
  number: number;
  status: TurnStatus;
  error: string | null;
  rounds: number | null;
  toolCalls: number | null;
  usage: LlmUsage | null;
  startedAt: number;
  finishedAt: number | null;
}

export interface TurnEnd {
  status: Exclude<TurnStatus, "running" | "interrupted">;
  error?: string;
  rounds: number;
  toolCalls: number;
  usage: LlmUsage;
}

/**
 * One row per turn: how it ended, and what it cost (tokens, cache hits). The row is written and
 * finished by ConversationStore.startTurn and finishTurn, in the transactions that store the turn's
 * first and last messages.
 */
export class TurnStore {
  private readonly statements;

  /** Stamps with `clock` (compose gives HomeTime; the system's by default). */
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {
    this.statements = {
      interruptRunning: db.prepare(
        "UPDATE turns SET status = 'interrupted', finished_at = ? WHERE status = 'running'",
      ),
      get: db.prepare("SELECT * FROM turns WHERE id = ?"),
      pause: db.prepare(
        "UPDATE turns SET status = 'awaiting_client', rounds = ?, tool_calls = ? WHERE id = ?",
      ),
      addClientCall: db.prepare("INSERT INTO client_calls (call_id, turn_id, name) VALUES (?, ?, ?)"),
      byClientCall: db.prepare(
        `SELECT turns.* FROM client_calls JOIN turns ON turns.id = client_calls.turn_id
         WHERE client_calls.call_id = ? AND turns.status = 'awaiting_client'`,
      ),
      clientCalls: db.prepare("SELECT call_id, name FROM client_calls WHERE turn_id = ? ORDER BY rowid"),
      awaitingIn: db.prepare(
        "SELECT * FROM turns WHERE conversation_id = ? AND status = 'awaiting_client' ORDER BY started_at DESC LIMIT 1",
      ),
      resume: db.prepare("UPDATE turns SET status = 'running' WHERE id = ? AND status = 'awaiting_client'"),
      forgetClientCalls: db.prepare("DELETE FROM client_calls WHERE turn_id = ?"),
      recent: db.prepare("SELECT * FROM turns ORDER BY started_at DESC LIMIT ?"),
    };
  }

  /** The turn waits for the results of the client's own tools (the LLM called them). */
  awaitClient(id: string, rounds: number, toolCalls: number, calls: { id: string; name: string }[]): void {
    this.db.transaction(() => {
      this.statements.pause.run(rounds, toolCalls, id);
      for (const call of calls) this.statements.addClientCall.run(call.id, id, call.name);
    })();
  }

  /** The paused turn that asked the client for this tool call. */
  awaitingCall(callId: string): TurnRecord | undefined {
    const row = this.statements.byClientCall.get(callId) as TurnRow | undefined;
    return row && toRecord(row);
  }

  /** The conversation's turn that waits for the client's tool results, if one does. */
  awaitingIn(conversationId: string): TurnRecord | undefined {
    const row = this.statements.awaitingIn.get(conversationId) as TurnRow | undefined;
    return row && toRecord(row);
  }

  /** The client calls a paused turn waits for, in the order they were made. */
  clientCallsOf(id: string): { id: string; name: string }[] {
    const calls = this.statements.clientCalls.all(id) as { call_id: string; name: string }[];
    return calls.map((call) => ({ id: call.call_id, name: call.name }));
  }

  /**
   * Takes a paused turn up again: answers the calls it waited for, in the order they were made, or
   * undefined if another request won.
   */
  resume(id: string): { id: string; name: string }[] | undefined {
    return this.db.transaction(() => {
      if (this.statements.resume.run(id).changes === 0) return undefined;
      const calls = this.statements.clientCalls.all(id) as { call_id: string; name: string }[];
      this.statements.forgetClientCalls.run(id);
      return calls.map((call) => ({ id: call.call_id, name: call.name }));
    })();
  }

  /** After a restart no turn is running any more. */
  interruptRunning(): number {
    return this.statements.interruptRunning.run(this.clock.now()).changes;
  }

  get(id: string): TurnRecord | undefined {
    const row = this.statements.get.get(id) as TurnRow | undefined;
    return row && toRecord(row);
  }

  recent(limit = 20): TurnRecord[] {
    return (this.statements.recent.all(limit) as TurnRow[]).map(toRecord);
  }
}

interface TurnRow {
  id: string;
  conversation_id: string;
  number: number;
  status: TurnStatus;
  error: string | null;
  rounds: number | null;
  tool_calls: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cached_tokens: number | null;
  started_at: number;
  finished_at: number | null;
}

function toRecord(row: TurnRow): TurnRecord {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    number: row.number,
    status: row.status,
    error: row.error,
    rounds: row.rounds,
    toolCalls: row.tool_calls,
    usage:
      row.prompt_tokens === null
        ? null
        : {
            promptTokens: row.prompt_tokens,
            completionTokens: row.completion_tokens ?? 0,
            ...(row.cached_tokens !== null ? { cachedTokens: row.cached_tokens } : {}),
          },
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
