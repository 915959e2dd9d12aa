import type { Logger } from "../logging/logger.js";
import { parseToolArguments } from "./arguments.js";
import { fail, type Tool, type ToolDefinition, type ToolResult } from "./contract.js";
import type { ToolPolicy } from "./policy.js";

export interface ToolCall {
  id: string;
  name: string;
  /** The raw JSON string the LLM produced. */
  arguments: string;
}

export interface ExecuteOptions {
  policy: ToolPolicy;
  logger: Logger;
  conversationId?: string;
  turnId?: string;
  turnNumber?: number;
  /** Aborts the call from outside (shutdown). */
  signal?: AbortSignal;
  /** The call is aborted and answered with an error after this long, wherever it runs. */
  hardTimeoutMs: number;
}

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  register(...tools: Tool[]): this {
    for (const tool of tools) {
      const { name } = tool.definition();
      if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) throw new Error(`Invalid tool name "${name}"`);
      if (this.tools.has(name)) throw new Error(`Tool "${name}" is registered twice`);
      this.tools.set(name, tool);
    }
    return this;
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** The tools a caller under `policy` is offered. */
  definitions(policy: ToolPolicy): ToolDefinition[] {
    const definitions: ToolDefinition[] = [];
    for (const [name, tool] of this.tools) if (policy.allows(name)) definitions.push(tool.definition());
    return definitions;
  }

  /** Runs one call. Always resolves with a result the LLM can read; never rejects. */
  async execute(call: ToolCall, options: ExecuteOptions): Promise<ToolResult> {
    const tool = this.tools.get(call.name);
    if (!tool || !options.policy.allows(call.name)) {
      return fail(this.unavailableMessage(call.name, options.policy));
    }
    const args = parseToolArguments(call.arguments);
    if (!args.ok) return fail(`Invalid arguments for ${call.name}: ${args.error}`);

    const controller = new AbortController();
    const abort = (reason: unknown) => controller.abort(reason);
    const onOuterAbort = () => abort(options.signal?.reason ?? "cancelled");
    options.signal?.addEventListener("abort", onOuterAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ToolResult>((resolve) => {
      timer = setTimeout(() => {
        abort(`time limit of ${options.hardTimeoutMs} ms reached`);
        resolve(
          fail(
            `${call.name} did not finish within ${formatDuration(options.hardTimeoutMs)} and was stopped.`,
          ),
        );
      }, options.hardTimeoutMs);
    });
    const ctx = {
      signal: controller.signal,
      conversationId: options.conversationId,
      turnId: options.turnId,
      turnNumber: options.turnNumber,
      logger: options.logger.child({ tool: call.name, callId: call.id }),
    };
    try {
      const running = tool.execute(args.value, ctx).catch((error: unknown) => {
        ctx.logger.error({ err: error }, "tool threw");
        return fail(`${call.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return await Promise.race([running, timedOut]);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onOuterAbort);
    }
  }

  private unavailableMessage(name: string, policy: ToolPolicy): string {
    const available = this.definitions(policy).map((d) => d.name);
    const reason = this.tools.has(name) ? `is not allowed here (policy "${policy.name}")` : "does not exist";
    return `Tool "${name}" ${reason}. Available tools: ${available.join(", ") || "none"}.`;
  }
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
