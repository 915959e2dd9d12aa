import type { ToolPolicy } from "../tools/policy.js";

/** The MCP-only tool that carries out a risky action once the person said yes. */
export const CONFIRM_TOOL = "confirm_action";
/** The MCP-only tool that collects a call that went on in the background. */
export const JOB_TOOL = "job_result";

/** Left out of the default whitelist: they reach the add-on's files and any URL with any method. */
export const NOT_BY_DEFAULT = ["file", "http"];

/**
 * The `mcp` policy: the whitelisted tools (default: every tool but `file` and `http`, with
 * `confirm_action`). Without `confirm_action` nobody can say yes over MCP, so the policy is autonomous:
 * iot_control then refuses risky actions (unlock, garage, alarm) instead of asking.
 */
export function mcpPolicy(
  toolNames: readonly string[],
  whitelist: readonly string[] | undefined,
): ToolPolicy {
  const allowed = new Set(
    whitelist ?? [...toolNames.filter((n) => !NOT_BY_DEFAULT.includes(n)), CONFIRM_TOOL],
  );
  return {
    name: "mcp",
    allows: (name) => allowed.has(name),
    autonomous: !allowed.has(CONFIRM_TOOL),
  };
}
