import { randomUUID } from "node:crypto";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { BackgroundJobs } from "../../agent/background-jobs.js";
import { toolResultContent } from "../../agent/tool-messages.js";
import { buildTurnContext } from "../../agent/turn-context.js";
import type { Logger } from "../../logging/logger.js";
import type { Requester } from "../../store/conversation-access.js";
import type { ConversationStore } from "../../store/conversations.js";
import type { JobStore } from "../../store/jobs.js";
import type { ToolResult } from "../../tools/contract.js";
import type { ToolPolicy } from "../../tools/policy.js";
import type { ToolCall, ToolRegistry } from "../../tools/registry.js";
import type { Clock } from "../../time/clock.js";
import type { Person } from "../../turn/context.js";
import { annotationsFor } from "./annotations.js";
import { PendingConfirmations } from "./confirmations.js";
import { CONFIRM_TOOL, JOB_TOOL } from "./policy.js";

export interface McpCallLimits {
  /** A call still running after this long goes on in the background (the turn's 8 s). */
  toolTimeoutMs: number;
  /** A background call is stopped after this long. */
  backgroundTimeoutMs: number;
  maxToolResultChars: number;
}

export interface McpCallDeps {
  registry: ToolRegistry;
  policy: ToolPolicy;
  background: BackgroundJobs;
  jobs: JobStore;
  conversations: ConversationStore;
  logger: Logger;
  limits: McpCallLimits;
  clock: Pick<Clock, "now">;
}

/** Who calls: the conversation owner under the access rule, and the person's name when HA said it. */
export interface McpCaller {
  requester: Requester;
  person?: Person;
}

/**
 * Over MCP a question is answered only by confirm_action, in a later call (the confirmations above keep
 * it to the same owner, once); `confirming` is set on confirm_action's call alone.
 */
const RULE = { kind: "confirmation-tool", tool: CONFIRM_TOOL } as const;

const CONFIRM_DEFINITION: McpTool = {
  name: CONFIRM_TOOL,
  description:
    "Carry out a risky home action (unlock, open a garage door or gate, disarm an alarm) that a tool answered " +
    "with status confirmation_required. Call it ONLY after the person said yes to that question in a new " +
    "message; never on your own, never in the same step that asked. 需要用户明确同意后才能调用。",
  inputSchema: {
    type: "object",
    properties: { confirmation_id: { type: "string", description: "from the confirmation_required answer" } },
    required: ["confirmation_id"],
  },
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
};

const JOB_DEFINITION: McpTool = {
  name: JOB_TOOL,
  description:
    "The result of a call that answered status running_in_background: waits a few seconds for it, and says " +
    "if it is still running. 获取后台任务的结果。",
  inputSchema: {
    type: "object",
    properties: { job_id: { type: "string" } },
    required: ["job_id"],
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};

/**
 * Runs MCP tool calls through the registry under the `mcp` policy, with a turn's rules: the registry's
 * argument repair and validation, the tools' own network guard and exposure check, the background
 * hand-off after `toolTimeoutMs` (collected with job_result), errors as `isError` results, and risky
 * actions answered with their confirmation question, carried out only by confirm_action in a later call.
 */
export class McpToolCalls {
  private readonly running = new Map<string, Promise<ToolResult>>();
  private readonly confirmations = new PendingConfirmations();
  private readonly conversationOf = new Map<string, string>();

  constructor(private readonly deps: McpCallDeps) {}

  list(): McpTool[] {
    const { registry, policy } = this.deps;
    const tools: McpTool[] = registry.definitions(policy).map((definition) => ({
      name: definition.name,
      description: definition.description,
      inputSchema: { type: "object", ...definition.parameters } as McpTool["inputSchema"],
      annotations: annotationsFor(definition.name),
    }));
    if (policy.allows(CONFIRM_TOOL)) tools.push(CONFIRM_DEFINITION);
    tools.push(JOB_DEFINITION);
    return tools;
  }

  /** One `tools/call`. Never rejects: every failure is an `isError` result. */
  async call(
    name: string,
    args: Record<string, unknown> | undefined,
    caller: McpCaller,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    const started = performance.now();
    const conversationId = this.conversation(caller.requester);
    const result = await this.dispatch(name, args ?? {}, caller, conversationId, signal);
    this.deps.logger.info(
      {
        tool: name,
        owner: caller.requester.owner,
        ok: !result.isError,
        ms: Math.round(performance.now() - started),
      },
      "mcp tool call",
    );
    return result;
  }

  /** Waits for background calls; used at shutdown and by tests. */
  async settle(): Promise<void> {
    await this.deps.background.settle();
  }

  private async dispatch(
    name: string,
    args: Record<string, unknown>,
    caller: McpCaller,
    conversationId: string,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    if (name === JOB_TOOL) return this.jobResult(args, conversationId);
    if (name === CONFIRM_TOOL) return this.confirm(args, caller, conversationId, signal);
    if ("confirmation_id" in args) {
      return errorResult(
        `A confirmation is given through ${CONFIRM_TOOL}, in a call after the person said yes; ${name} itself ` +
          "takes no confirmation_id here. 请在用户同意后调用 confirm_action。",
      );
    }
    const outcome = await this.run(name, args, caller, conversationId, signal);
    if ("jobId" in outcome) return stillRunning(outcome.jobId, name);
    return this.withConfirmation(outcome.result, name, conversationId);
  }

  /** A call through the registry: its result, or the background job it became after the time limit. */
  private async run(
    name: string,
    args: Record<string, unknown>,
    caller: McpCaller,
    conversationId: string,
    signal: AbortSignal,
    { confirming = false } = {},
  ): Promise<{ result: ToolResult } | { jobId: string }> {
    const { registry, policy, logger, limits } = this.deps;
    const call: ToolCall = { id: `mcp-${randomUUID()}`, name, arguments: JSON.stringify(args) };
    const turn = buildTurnContext(
      {
        requester: caller.requester,
        person: caller.person,
        signal,
        confirmationRule: { ...RULE, confirming },
      },
      // Every call is a turn of its own (a new id), so a question is never answered in the call that asked.
      { conversationId, turnId: randomUUID(), turnNumber: 1, source: "mcp" },
      { clock: this.deps.clock },
    );
    const running = registry.execute(call, {
      policy,
      logger,
      turn,
      hardTimeoutMs: limits.backgroundTimeoutMs,
    });
    const finished = await settledWithin(running, limits.toolTimeoutMs, signal);
    if (finished) return { result: finished };
    // Out of time, or the client cancelled: an action under way is not cut off halfway.
    const jobId = this.deps.background.adopt(conversationId, call, running);
    this.running.set(jobId, running);
    void running.finally(() => this.running.delete(jobId));
    return { jobId };
  }

  private withConfirmation(result: ToolResult, tool: string, conversationId: string): CallToolResult {
    const data = result.success ? (result.data as Record<string, unknown> | null) : null;
    if (data?.status === "confirmation_required" && typeof data.confirmation_id === "string") {
      this.confirmations.add(data.confirmation_id, tool, conversationId);
      return this.toResult({
        success: true,
        data: {
          ...data,
          note:
            `NOT done. Ask the person whether you should ${String(data.would ?? "do this")} (需要用户确认). Only ` +
            `after they say yes in a new message, call ${CONFIRM_TOOL} with confirmation_id ` +
            `"${data.confirmation_id}" (valid a few minutes). Never confirm on your own.`,
        },
      });
    }
    return this.toResult(result);
  }

  private async confirm(
    args: Record<string, unknown>,
    caller: McpCaller,
    conversationId: string,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    if (!this.deps.policy.allows(CONFIRM_TOOL)) {
      return errorResult(`${CONFIRM_TOOL} is not allowed here (policy "mcp").`);
    }
    const id = typeof args.confirmation_id === "string" ? args.confirmation_id.trim() : "";
    const tool = id ? this.confirmations.take(id, conversationId) : undefined;
    if (!tool) {
      return errorResult(
        `Confirmation "${id}" is unknown, expired or already used. Call the tool again to ask anew. ` +
          "确认无效或已过期，请重新询问。",
      );
    }
    const outcome = await this.run(tool, { confirmation_id: id }, caller, conversationId, signal, {
      confirming: true,
    });
    return "jobId" in outcome ? stillRunning(outcome.jobId, tool) : this.toResult(outcome.result);
  }

  private async jobResult(args: Record<string, unknown>, conversationId: string): Promise<CallToolResult> {
    const id = typeof args.job_id === "string" ? args.job_id.trim() : "";
    const job = id ? this.deps.jobs.get(id) : undefined;
    // Another owner's job behaves as one that does not exist.
    if (!job || job.conversationId !== conversationId) return errorResult(`There is no job "${id}".`);
    const running = this.running.get(id);
    const result =
      job.result ?? (running ? await settledWithin(running, this.deps.limits.toolTimeoutMs) : undefined);
    if (!result) return stillRunning(id, job.toolName);
    this.deps.jobs.markDelivered([id]);
    return this.withConfirmation(result, job.toolName, conversationId);
  }

  private toResult(result: ToolResult): CallToolResult {
    if (!result.success) return errorResult(result.error);
    return {
      content: [{ type: "text", text: toolResultContent(result, this.deps.limits.maxToolResultChars) }],
    };
  }

  /**
   * The requester's MCP conversation: one per owner, which holds its background jobs and the reminders
   * made over MCP, and scopes memory_search to that owner (conversation-access.ts).
   */
  private conversation(requester: Requester): string {
    const { conversations } = this.deps;
    const known = this.conversationOf.get(requester.owner);
    if (known && conversations.get(known)) return known;
    const id =
      conversations.list({ source: "mcp", visibleTo: { owner: requester.owner }, limit: 1 })[0]?.id ??
      conversations.create("mcp", { title: "MCP", owner: requester.owner }).id;
    this.conversationOf.set(requester.owner, id);
    return id;
  }
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

function stillRunning(jobId: string, tool: string): CallToolResult {
  const text = JSON.stringify({
    status: "running_in_background",
    job_id: jobId,
    note:
      `${tool} is still running and goes on in the background. Tell the person so; collect the result later ` +
      `with ${JOB_TOOL} and job_id "${jobId}". Do not call ${tool} again for the same request.`,
  });
  return { content: [{ type: "text", text }] };
}

/** The result if it settles within `ms` (and before `signal` aborts), else undefined. */
async function settledWithin<T>(
  promise: Promise<T>,
  ms: number,
  signal?: AbortSignal,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const gaveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    onAbort = () => resolve(undefined);
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, gaveUp]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
