import { randomUUID } from "node:crypto";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { BackgroundJobs } from "../agent/background-jobs.js";
import type { ToolCallLimits, ToolCallOutcome, ToolCallRunner } from "../agent/tool-calls.js";
import { toolResultContent } from "../agent/tool-messages.js";
import { buildTurnContext } from "../agent/turn-context.js";
import type { Logger } from "../logging/logger.js";
import { ownConversation } from "../store/conversation-resolution.js";
import type { ConversationStore } from "../store/conversations.js";
import type { HomeTime } from "../time/home-time.js";
import type { Confirmations } from "../tools/confirmations.js";
import type { ToolResult } from "../tools/contract.js";
import type { ToolPolicy } from "../tools/policy.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { TurnCaller } from "../turn/context.js";
import type { OutsideRead } from "../turn/provenance.js";
import { annotationsFor } from "./annotations.js";
import { CONFIRM_TOOL, JOB_TOOL } from "./policy.js";

export interface McpCallDeps {
  /** The one runner of tool calls (the loop's): MCP's calls go through it like every other. */
  calls: ToolCallRunner;
  /** For the tool list MCP clients are shown. */
  registry: ToolRegistry;
  policy: ToolPolicy;
  background: BackgroundJobs;
  conversations: ConversationStore;
  /** The one store of questions waiting for a yes: confirm_action finds the tool that asked there. */
  confirmations: Confirmations;
  logger: Logger;
  /** How long job_result waits for a job still at work, and the size of a result. */
  limits: Pick<ToolCallLimits, "toolTimeoutMs" | "maxToolResultChars">;
  time: Pick<HomeTime, "now" | "zone">;
}

/** Who calls: the conversation owner under the access rule, and the person's name when HA said it. */
export type McpCaller = Required<Pick<TurnCaller, "requester">> & Pick<TurnCaller, "person">;

const SOURCE = "mcp";
/** How long outside text handed to an MCP client keeps its changes behind confirm_action. */
const MCP_OUTSIDE_MS = 60 * 60_000;
const MAX_KEPT_READS = 20;
const MAX_KEPT_CHARS = 50_000;

/**
 * Over MCP a question is answered only by confirm_action, in a later call (the confirmation store keeps
 * it to the same owner's conversation, once); `confirming` is set on confirm_action's call alone.
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
 * MCP's `tools/list` and `tools/call`, translated to and from Cyrene's one tool-call runtime: each call
 * is a turn of its own under the `mcp` policy in the owner's MCP conversation (the conversation store
 * resolves it), run by the ToolCallRunner (argument repair and validation, the time limits, the
 * background hand-off); errors become `isError` results, a job that went on in the background is
 * collected with job_result, and a risky action's question is answered only by confirm_action in a
 * later call.
 */
export class McpToolCalls {
  /**
   * Outside text handed to each MCP conversation lately: the client's agent read it, and its person's
   * words never reach Cyrene, so its calls that change the home need confirm_action for a while after.
   */
  private readonly outside = new Map<string, { reads: OutsideRead[]; at: number }>();

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
    const { conversations } = this.deps;
    const conversationId = ownConversation(conversations, {
      source: SOURCE,
      requester: caller.requester,
      title: "MCP",
    });
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
          "takes no confirmation_id here.",
      );
    }
    const outcome = await this.run(name, args, caller, conversationId, signal);
    return outcome.background ? stillRunning(outcome.background.jobId, name) : this.answer(outcome.result);
  }

  /** A call as a turn of its own, through the ToolCallRunner. */
  private async run(
    name: string,
    args: Record<string, unknown>,
    caller: McpCaller,
    conversationId: string,
    signal: AbortSignal,
    { confirming = false } = {},
  ): Promise<ToolCallOutcome> {
    const turn = buildTurnContext(
      {
        ...caller,
        policy: this.deps.policy,
        signal,
        confirmationRule: { ...RULE, confirming },
        ownWords: "",
        outside: this.outsideIn(conversationId),
      },
      // Every call is a turn of its own (a new id), so a question is never answered in the call that asked.
      { conversationId, turnId: randomUUID(), turnNumber: 1, source: SOURCE },
      { time: this.deps.time },
    );
    const call = { id: `mcp-${randomUUID()}`, name, arguments: JSON.stringify(args) };
    // Out of time, or the client cancelled: an action under way is not cut off halfway.
    const before = turn.provenance.all().length;
    const outcome = await this.deps.calls.execute(call, { turn, signal });
    const reads = turn.provenance.all();
    if (reads.length > before) this.remember(conversationId, reads);
    return outcome;
  }

  private outsideIn(conversationId: string): OutsideRead[] {
    const held = this.outside.get(conversationId);
    if (held && this.deps.time.now() - held.at > MCP_OUTSIDE_MS) this.outside.delete(conversationId);
    return this.outside.get(conversationId)?.reads ?? [];
  }

  private remember(conversationId: string, reads: OutsideRead[]): void {
    const kept = reads
      .slice(-MAX_KEPT_READS)
      .map((read) => ({ ...read, text: read.text.slice(0, MAX_KEPT_CHARS) }));
    this.outside.set(conversationId, { reads: kept, at: this.deps.time.now() });
  }

  /** A result in MCP's terms: a question's note says how a yes is given here. */
  private answer(result: ToolResult): CallToolResult {
    const data = result.success ? (result.data as Record<string, unknown> | null) : null;
    if (data?.status === "confirmation_required" && typeof data.confirmation_id === "string") {
      return this.toResult({
        success: true,
        data: {
          ...data,
          note:
            `NOT done. Ask the person whether you should ${String(data.would ?? "do this")}. Only ` +
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
    const tool = id ? this.deps.confirmations.askedBy(id, conversationId) : undefined;
    if (!tool) {
      return errorResult(
        `Confirmation "${id}" is unknown, expired or already used. Call the tool again to ask anew.`,
      );
    }
    const outcome = await this.run(tool, { confirmation_id: id }, caller, conversationId, signal, {
      confirming: true,
    });
    return outcome.background ? stillRunning(outcome.background.jobId, tool) : this.toResult(outcome.result);
  }

  private async jobResult(args: Record<string, unknown>, conversationId: string): Promise<CallToolResult> {
    const id = typeof args.job_id === "string" ? args.job_id.trim() : "";
    // Another owner's job behaves as one that does not exist.
    const job = id
      ? await this.deps.background.collect(id, conversationId, this.deps.limits.toolTimeoutMs)
      : undefined;
    if (!job) return errorResult(`There is no job "${id}".`);
    return job.result ? this.answer(job.result) : stillRunning(id, job.toolName);
  }

  private toResult(result: ToolResult): CallToolResult {
    if (!result.success) return errorResult(result.error);
    return {
      content: [{ type: "text", text: toolResultContent(result, this.deps.limits.maxToolResultChars) }],
    };
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
