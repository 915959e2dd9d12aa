import type { ToolPolicy } from "../turn/tool-policy.js";

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
