import type { ToolResult } from "../llm/tool-wire.js";
import { systemClock } from "../time/clock.js";
import type { HomeTime } from "../time/home-time.js";
import type { Db } from "./database.js";

export type JobStatus = "running" | "finished" | "interrupted";

export interface Job {
  id: string;
  conversationId: string;
  toolCallId: string;
  toolName: string;
  arguments: string;
  status: JobStatus;
  result: ToolResult | null;
  startedAt: number;
  finishedAt: number | null;
  deliveredAt: number | null;
}

/** Tool calls that outlived their time limit and went on in the background. */
export class JobStore {
  private readonly statements;

  /** Stamps with `clock` (compose gives HomeTime; the system's by default). */
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<HomeTime, "now"> = systemClock,
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO jobs (id, conversation_id, tool_call_id, tool_name, arguments, status, started_at)
         VALUES (?, ?, ?, ?, ?, 'running', ?)`,
      ),
      finish: db.prepare(
        "UPDATE jobs SET status = ?, result = ?, finished_at = ? WHERE id = ? AND status = 'running'",
      ),
      interruptRunning: db.prepare(
        "UPDATE jobs SET status = 'interrupted', result = ?, finished_at = ? WHERE status = 'running'",
      ),
      undelivered: db.prepare(
        `SELECT * FROM jobs WHERE conversation_id = ? AND delivered_at IS NULL AND status != 'running'
         ORDER BY finished_at`,
      ),
      markDelivered: db.prepare("UPDATE jobs SET delivered_at = ? WHERE id = ?"),
      byConversation: db.prepare("SELECT * FROM jobs WHERE conversation_id = ? ORDER BY started_at"),
      get: db.prepare("SELECT * FROM jobs WHERE id = ?"),
    };
  }

  start(job: Pick<Job, "id" | "conversationId" | "toolCallId" | "toolName" | "arguments">): void {
    this.statements.insert.run(
      job.id,
      job.conversationId,
      job.toolCallId,
      job.toolName,
      job.arguments,
      this.clock.now(),
    );
  }

  finish(id: string, result: ToolResult, status: JobStatus = "finished"): void {
    this.statements.finish.run(status, JSON.stringify(result), this.clock.now(), id);
  }

  /** After a restart nothing is running any more: mark what was, so its conversation hears of it. */
  interruptRunning(): number {
    const result: ToolResult = {
      success: false,
      error: "The task was interrupted because Cyrene restarted.",
    };
    return this.statements.interruptRunning.run(JSON.stringify(result), this.clock.now()).changes;
  }

  undelivered(conversationId: string): Job[] {
    return (this.statements.undelivered.all(conversationId) as JobRow[]).map(toJob);
  }

  markDelivered(ids: string[]): void {
    const now = this.clock.now();
    this.db.transaction(() => ids.forEach((id) => this.statements.markDelivered.run(now, id)))();
  }

  forConversation(conversationId: string): Job[] {
    return (this.statements.byConversation.all(conversationId) as JobRow[]).map(toJob);
  }

  get(id: string): Job | undefined {
    const row = this.statements.get.get(id) as JobRow | undefined;
    return row && toJob(row);
  }
}

interface JobRow {
  id: string;
  conversation_id: string;
  tool_call_id: string;
  tool_name: string;
  arguments: string;
  status: JobStatus;
  result: string | null;
  started_at: number;
  finished_at: number | null;
  delivered_at: number | null;
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    toolCallId: row.tool_call_id,
    toolName: row.tool_name,
    arguments: row.arguments,
    status: row.status,
    result: row.result === null ? null : (JSON.parse(row.result) as ToolResult),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    deliveredAt: row.delivered_at,
  };
}
