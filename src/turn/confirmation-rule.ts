/**
 * When the confirmation question of a risky action, asked in one turn, may be answered. The entry point
 * chooses it (TurnCaller.confirmationRule), the turn carries it, and the confirmation store applies it
 * (tools/confirmations.ts, tools/confirmation-rule.ts). Under every rule a yes also has to come in the same conversation
 * (so from the same owner), within a few minutes, and counts once.
 */
export type ConfirmationRule = NextMessageRule | ConfirmationToolRule;

/** A person chats (web, Assist, Ollama, Wyoming, CLI): the yes must come in their very next message. */
export interface NextMessageRule {
  kind: "next-message";
}

/**
 * A client that calls tools on its own (MCP): the yes comes only as a later call of the entry point's
 * confirmation tool, never in the call that asked; `confirming` is true in that tool's call alone.
 */
export interface ConfirmationToolRule {
  kind: "confirmation-tool";
  tool: string;
  confirming: boolean;
}

/** The rule of turns whose entry point names none: the chat's. */
export const NEXT_MESSAGE: NextMessageRule = { kind: "next-message" };
