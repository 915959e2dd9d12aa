import { randomUUID } from "node:crypto";
import type { Logger } from "../logging/logger.js";
import type { Job, JobStore } from "../store/jobs.js";
import type { ToolResult } from "../tools/contract.js";
import type { ToolCall } from "../tools/registry.js";
import { toolResultContent } from "./tool-messages.js";
import { clip } from "../text/clip.js";
import { withTimeout } from "../time/timeout.js";

/**
 * How background results that carry outside text (a slow web_fetch that finished after its turn) open in
 * a turn's note: the turn's provenance (turn-provenance.ts) counts such a note as outside text, in the
 * turn that shows it and in every later turn whose history still holds it.
 */
export const OUTSIDE_RESULTS_HEADING =
  "Results of tool calls that were still running in the background at the end of an earlier turn " +
  "(some carry outside text, marked untrusted).";
const RESULTS_HEADING =
  "Results of tool calls that were still running in the background at the end of an earlier turn.";

/**
 * Tool calls that did not finish within the turn's time limit. They keep running; their results are
 * stored when they arrive and handed to the conversation's next turn.
 */

export class BackgroundJobs {
  private readonly running = new Set<Promise<unknown>>();
  /** The calls still at work, by job id: a client that collects a job (MCP's job_result) may wait on one. */
  private readonly calls = new Map<string, Promise<ToolResult>>();

  constructor(
    private readonly store: JobStore,
    private readonly logger: Logger,
    /** Results are cut to this size before they reach the LLM, as in the turn itself. */
    private readonly maxResultChars: number,
  ) {}

  adopt(conversationId: string, call: ToolCall, running: Promise<ToolResult>): string {
    const id = randomUUID();
    this.store.start({
      id,
      conversationId,
      toolCallId: call.id,
      toolName: call.name,
      arguments: call.arguments,
    });
    const settled = running
      .then((result) => {
        this.store.finish(id, result);
        this.logger.info({ jobId: id, tool: call.name, success: result.success }, "background job finished");
      })
      // A store failure here (disk full, database closed at shutdown) must not take the process down.
      .catch((error: unknown) =>
        this.logger.error({ err: error, jobId: id }, "could not store a background result"),
      )
      .finally(() => {
        this.running.delete(settled);
        this.calls.delete(id);
      });
    this.running.add(settled);
    this.calls.set(id, running);
    return id;
  }

  /**
   * A job of `conversationId`'s, collected by a client that asks for it (MCP's job_result): its result
   * (marked delivered), waiting up to `waitMs` for one still at work; `result` is undefined while it
   * runs. Undefined for no such job, and for another conversation's, which behaves the same.
   */
  async collect(
    id: string,
    conversationId: string,
    waitMs: number,
  ): Promise<{ toolName: string; result?: ToolResult } | undefined> {
    const job = this.store.get(id);
    if (!job || job.conversationId !== conversationId) return undefined;
    const running = this.calls.get(id);
    const result = job.result ?? (running ? await withTimeout(running, waitMs, () => undefined) : undefined);
    if (result) this.store.markDelivered([id]);
    return { toolName: job.toolName, result };
  }

  /**
   * The finished results not yet shown to the conversation, as one section of the turn's note, and
   * marks them delivered.
   */
  takeFinished(conversationId: string): { section: string; jobs: Job[] } | undefined {
    const jobs = this.store.undelivered(conversationId);
    if (jobs.length === 0) return undefined;
    this.store.markDelivered(jobs.map((job) => job.id));
    const budget = Math.floor(this.maxResultChars / jobs.length);
    const lines = jobs.map((job) => {
      const args = clip(job.arguments, 500);
      return `- ${job.toolName} ${args} (job ${job.id}) → ${toolResultContent(job.result!, budget)}`;
    });
    const heading = jobs.some((job) => job.result!.success && job.result!.untrusted)
      ? OUTSIDE_RESULTS_HEADING
      : RESULTS_HEADING;
    const section = `${heading} Tell the user about them where it helps:\n${lines.join("\n")}`;
    return { section, jobs };
  }

  /** Waits for every running job; used at shutdown and by tests. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
