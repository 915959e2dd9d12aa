import type { Logger } from "../logging/logger.js";
import { argumentShape, parseToolArguments } from "./arguments.js";
import {
  fail,
  UNNAMED_TOOL,
  type ConfirmFirst,
  type Tool,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
} from "./contract.js";
import type { ToolPolicy } from "./policy.js";
import { TOOL_NAME } from "../text/tool-name.js";
import type { TurnContext } from "../turn/context.js";
import { withTimeout } from "../time/timeout.js";

export interface ToolCall {
  id: string;
  name: string;
  /** The raw JSON string the LLM produced. */
  arguments: string;
}

/**
 * Checks a call before it runs (the provenance gate, tools/provenance/gate.ts): run it, with the
 * arguments to run it with, or answer this instead.
 */
export interface CallGate {
  check(
    name: string,
    tool: Tool,
    args: unknown,
    ctx: ToolContext,
  ): Promise<{ run: true; args: unknown } | { run: false; result: ToolResult }>;
}

export interface ExecuteOptions {
  logger: Logger;
  /** The turn the call belongs to (its policy is enforced), handed whole to the tool. */
  turn: TurnContext;
  /** Aborts the call from outside (shutdown). */
  signal?: AbortSignal;
  /** The call is aborted and answered with an error after this long, wherever it runs. */
  hardTimeoutMs: number;
  /** The call waits for the person's yes (see ToolContext.confirmFirst). */
  confirmFirst?: ConfirmFirst;
}

/** A tool left out because its service is not set up, and the setting that would enable it. */
export interface NotConfiguredTool {
  name: string;
  setting: string;
}

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  private readonly disabled = new Set<string>();
  /** Tools whose service is not set up (no SearXNG, no Home Assistant): name → the setting that enables it. */
  private readonly unconfigured = new Map<string, string>();
  /** The built-in tools: always offered, also when a long tool list is cut per turn (tools/selection). */
  private readonly core = new Set<string>();
  /** Tools registered as a group (an MCP server's): group → its names, and why they cannot run now. */
  private readonly groups = new Map<string, { names: string[]; unavailable?: string }>();
  /** Per policy (a policy's answers never change): its tool list, built once. */
  private offered = new WeakMap<ToolPolicy, ToolDefinition[]>();
  private gate: CallGate | undefined;

  /** Every call passes this gate before it runs (compose: the provenance gate). */
  guard(gate: CallGate): this {
    this.gate = gate;
    return this;
  }

  register(...tools: Tool[]): this {
    for (const tool of tools) {
      const { name } = tool.definition();
      if (!TOOL_NAME.test(name)) throw new Error(`Invalid tool name "${name}"`);
      if (this.tools.has(name)) throw new Error(`Tool "${name}" is registered twice`);
      this.tools.set(name, tool);
    }
    this.offered = new WeakMap();
    return this;
  }

  /** Marks registered tools as the core, offered on every request whatever the turn is about. */
  markCore(names: Iterable<string>): this {
    for (const name of names) if (this.tools.has(name)) this.core.add(name);
    return this;
  }

  isCore(name: string): boolean {
    return this.core.has(name);
  }

  /**
   * Replaces a group's tools (an MCP server's, when it lists them again): the next request offers the new
   * list. With `unavailable`, they stay known but are neither offered nor run, and a call gets that reason.
   */
  replaceGroup(group: string, tools: Tool[], unavailable?: string): this {
    for (const name of this.groups.get(group)?.names ?? []) this.tools.delete(name);
    const names: string[] = [];
    for (const tool of tools) {
      const { name } = tool.definition();
      if (!TOOL_NAME.test(name) || this.tools.has(name)) continue;
      this.tools.set(name, tool);
      names.push(name);
    }
    this.groups.set(group, { names, ...(unavailable ? { unavailable } : {}) });
    this.offered = new WeakMap();
    return this;
  }

  /**
   * Switches tools off (the user's `tools_disabled`): they are neither offered nor run, whatever the
   * caller's policy. Unknown names are refused, so a typo cannot leave a tool on that the user meant off.
   */
  disable(names: Iterable<string>): this {
    const unknown = [...names].filter((name) => !this.tools.has(name));
    if (unknown.length > 0) {
      throw new Error(`unknown tool ${unknown.join(", ")}; the tools are: ${this.names().join(", ")}`);
    }
    for (const name of names) this.disabled.add(name);
    this.offered = new WeakMap();
    return this;
  }

  /** Every registered tool, in registration order (switched-off ones included). */
  names(): string[] {
    return [...this.tools.keys()];
  }

  disabledNames(): string[] {
    return [...this.disabled];
  }

  /**
   * Marks tools whose service is not configured: they are neither offered (the LLM would pay for their
   * definitions on every request and call them in vain) nor run, and Status names what enables each.
   */
  notConfigured(tools: Iterable<NotConfiguredTool>): this {
    for (const { name, setting } of tools) if (this.tools.has(name)) this.unconfigured.set(name, setting);
    this.offered = new WeakMap();
    return this;
  }

  notConfiguredTools(): NotConfiguredTool[] {
    return [...this.unconfigured].map(([name, setting]) => ({ name, setting }));
  }

  /**
   * The tools a caller under `policy` is offered, in registration order. The same policy gets the same
   * array back until a tool is registered or switched off, so a request's tool list (the start of every
   * prompt a provider can cache) stays identical and is not rebuilt on every round.
   */
  definitions(policy: ToolPolicy): ToolDefinition[] {
    let definitions = this.offered.get(policy);
    if (!definitions) {
      definitions = [];
      for (const [name, tool] of this.tools)
        if (this.usable(name, policy)) definitions.push(tool.definition());
      this.offered.set(policy, definitions);
    }
    return definitions;
  }

  private usable(name: string, policy: ToolPolicy): boolean {
    return (
      this.tools.has(name) &&
      !this.disabled.has(name) &&
      !this.unconfigured.has(name) &&
      !this.unavailableReason(name) &&
      !(policy.autonomous && this.tools.get(name)?.attendedOnly) &&
      policy.allows(name)
    );
  }

  private unavailableReason(name: string): string | undefined {
    for (const group of this.groups.values())
      if (group.unavailable && group.names.includes(name)) return group.unavailable;
    return undefined;
  }

  /** Runs one call. Always resolves with a result the LLM can read; never rejects. */
  async execute(call: ToolCall, options: ExecuteOptions): Promise<ToolResult> {
    const { policy } = options.turn;
    const tool = this.tools.get(call.name);
    if (!tool || !this.usable(call.name, policy)) {
      options.logger.warn({ tool: call.name, policy: policy.name }, "refused a tool call");
      return fail(this.unavailableMessage(call.name, policy));
    }
    const args = parseToolArguments(call.arguments, call.name);
    if (!args.ok) {
      const shape = argumentShape(tool.definition().parameters);
      return fail(`Invalid arguments for ${call.name}: ${args.error} Like this: ${shape}`);
    }

    const controller = new AbortController();
    const abort = (reason: unknown) => controller.abort(reason);
    const onOuterAbort = () => abort(options.signal?.reason ?? "cancelled");
    options.signal?.addEventListener("abort", onOuterAbort, { once: true });
    const timedOut = () => {
      abort(`time limit of ${options.hardTimeoutMs} ms reached`);
      return fail(
        `${call.name} did not finish within ${formatDuration(options.hardTimeoutMs)} and was stopped.`,
      );
    };
    const ctx = {
      signal: controller.signal,
      turn: options.turn,
      logger: options.logger.child({ tool: call.name, callId: call.id }),
      ...(options.confirmFirst ? { confirmFirst: options.confirmFirst } : {}),
    };
    try {
      const running = this.run(call.name, tool, args.value, ctx).catch((error: unknown) => {
        ctx.logger.error({ err: error }, "tool threw");
        return fail(`${call.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return await withTimeout(running, options.hardTimeoutMs, timedOut);
    } finally {
      options.signal?.removeEventListener("abort", onOuterAbort);
    }
  }

  /** The call through the gate, and what its result brought into the turn. */
  private async run(name: string, tool: Tool, args: unknown, ctx: ToolContext): Promise<ToolResult> {
    const verdict = this.gate ? await this.gate.check(name, tool, args, ctx) : { run: true as const, args };
    if (!verdict.run) return verdict.result;
    const result = await tool.execute(verdict.args, ctx);
    if (result.success && result.untrusted) ctx.turn.provenance.read(name, JSON.stringify(result.data) ?? "");
    return result;
  }

  private unavailableMessage(name: string, policy: ToolPolicy): string {
    const available = this.definitions(policy).map((d) => d.name);
    if (name === UNNAMED_TOOL && !this.tools.has(name)) {
      return `A tool call came without a tool name. Available tools: ${available.join(", ") || "none"}.`;
    }
    const reason = !this.tools.has(name)
      ? "does not exist"
      : this.disabled.has(name)
        ? "is switched off in Cyrene's settings (CYRENE_TOOLS_DISABLED, the add-on's \"tools_disabled\" option)"
        : this.unconfigured.has(name)
          ? `is not configured (${this.unconfigured.get(name)} enables it)`
          : this.unavailableReason(name)
            ? `is unavailable: ${this.unavailableReason(name)}`
            : policy.autonomous && this.tools.get(name)?.attendedOnly
              ? "acts only when a person asks for it, never in a background thought"
              : `is not allowed here (policy "${policy.name}")`;
    return `Tool "${name}" ${reason}. Available tools: ${available.join(", ") || "none"}.`;
  }
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
