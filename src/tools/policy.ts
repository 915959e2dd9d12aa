import type { ConfirmedAction, ToolPolicy } from "../turn/tool-policy.js";

export type { ToolPolicy };

export const allowAllTools: ToolPolicy = { name: "all", allows: () => true };

export function whitelistPolicy(name: string, toolNames: Iterable<string>): ToolPolicy {
  const allowed = new Set(toolNames);
  return { name, allows: (toolName) => allowed.has(toolName) };
}

/**
 * What a background thought may use: only the named tools (thinker.tools, by default AUTONOMOUS_TOOLS),
 * and nobody is watching, so a tool refuses what would need the user's yes instead of asking.
 */
export class AutonomousToolPolicy implements ToolPolicy {
  readonly name = "autonomous";
  readonly autonomous = true;
  private readonly allowed: ReadonlySet<string>;
  /** `ha__*` in thinker.tools: every tool of the MCP server `ha`, as it lists them now or later. */
  private readonly prefixes: string[];

  constructor(toolNames: Iterable<string>) {
    const names = [...toolNames];
    this.allowed = new Set(names.filter((name) => !name.endsWith("__*")));
    this.prefixes = names.filter((name) => name.endsWith("__*")).map((name) => name.slice(0, -1));
  }

  allows(toolName: string): boolean {
    return this.allowed.has(toolName) || this.prefixes.some((prefix) => toolName.startsWith(prefix));
  }
}

/** The tool a scheduled action runs through. */
export const SCHEDULED_ACTION_TOOL = "iot_control";

/**
 * A scheduled action at its time: only iot_control, nobody is watching (autonomous), and the risky action
 * the person confirmed when they set it, if they did, is that yes (exactly that action on those entities).
 */
export function scheduledActionPolicy(confirmed?: ConfirmedAction): ToolPolicy {
  return {
    name: "scheduled",
    autonomous: true,
    allows: (toolName) => toolName === SCHEDULED_ACTION_TOOL,
    ...(confirmed ? { confirmedBefore: confirmed } : {}),
  };
}
