/**
 * Decides which tools a caller may use. The registry enforces it on every call, not only when listing.
 * A policy's answers must not change over its life (the registry keeps the tool list it gives).
 */
export interface ToolPolicy {
  readonly name: string;
  allows(toolName: string): boolean;
  /**
   * Nobody is watching (a background thought): tools refuse what would need the user's yes, instead
   * of asking for it.
   */
  readonly autonomous?: boolean;
}

export const allowAllTools: ToolPolicy = { name: "all", allows: () => true };

export function whitelistPolicy(
  name: string,
  toolNames: Iterable<string>,
  options: { autonomous?: boolean } = {},
): ToolPolicy {
  const allowed = new Set(toolNames);
  return { name, allows: (toolName) => allowed.has(toolName), autonomous: options.autonomous ?? false };
}
