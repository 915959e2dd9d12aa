import type { HomeTime } from "../time/home-time.js";
import { UNNAMED } from "../store/conversation-access.js";
import { NEXT_MESSAGE } from "../turn/confirmation-rule.js";
import type { TurnCaller, TurnContext } from "../turn/context.js";
import { turnLanguage } from "../words/turn-language.js";
import { TurnProvenance } from "../turn/provenance.js";

/** What opening a turn decided: its conversation, its id and number, and the entry point it came from. */
export type OpenedTurn = Pick<TurnContext, "conversationId" | "turnId" | "turnNumber" | "source">;

export interface TurnSettings {
  /** The home's time (HomeTime), handed to every turn. */
  time: Pick<HomeTime, "now" | "zone">;
  /** The configured deadline of every turn; an entry point may only shorten it. */
  turnDeadlineMs?: number;
}

/** The one builder of a turn's context (see TurnContext): a new per-turn fact is added here. */
export function buildTurnContext(
  caller: TurnCaller,
  opened: OpenedTurn,
  settings: TurnSettings,
  /** The person's message, which shows the turn's language when the entry point was not told it. */
  message?: string,
): TurnContext {
  const deadlineMs = Math.min(caller.deadlineMs ?? Infinity, settings.turnDeadlineMs ?? Infinity);
  return {
    ...opened,
    policy: caller.policy,
    requester: caller.requester ?? UNNAMED,
    person: caller.person,
    language: caller.language ?? turnLanguage(undefined, caller.ownWords?.trim() ? caller.ownWords : message),
    signal: caller.signal,
    confirmationRule: caller.confirmationRule ?? NEXT_MESSAGE,
    speaker: caller.speaker,
    deadlineMs: Number.isFinite(deadlineMs) ? deadlineMs : undefined,
    time: settings.time,
    provenance: new TurnProvenance(caller.ownWords, caller.outside),
  };
}
