/**
 * Decides which tools a caller may use. The entry point chooses it, the turn carries it
 * (TurnContext.policy), and the registry enforces it on every call, not only when listing. A policy's
 * answers must not change over its life (the registry keeps the tool list it gives). The policies
 * themselves are in tools/policy.ts.
 */
export interface ToolPolicy {
  readonly name: string;
  allows(toolName: string): boolean;
  /**
   * Nobody is watching (a background thought): tools refuse what would need the user's yes, instead
   * of asking for it.
   */
  readonly autonomous?: boolean;
  /**
   * The one risky action the person said yes to beforehand (a scheduled action confirmed when it was
   * set): an unattended call may carry out exactly this, on exactly these entities, and nothing else.
   */
  readonly confirmedBefore?: ConfirmedAction;
}

export interface ConfirmedAction {
  domain: string;
  service: string;
  entityIds: readonly string[];
}
