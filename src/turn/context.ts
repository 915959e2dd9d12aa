import type { HomeTime } from "../time/home-time.js";
import type { Requester } from "../store/conversation-access.js";
import type { ConfirmationRule } from "./confirmation-rule.js";
import type { ToolPolicy } from "./tool-policy.js";
import type { TurnLanguage } from "../words/language.js";
import type { OutsideRead, TurnProvenance } from "./provenance.js";

/** Who is talking, as the entry point knows them (HA's user behind ingress). */
export interface Person {
  id: string;
  name: string;
}

/** What an entry point tells of a turn when it asks for one; the builder adds what the turn itself decides. */
export interface TurnCaller {
  /** Which tools the turn may use: the entry point's choice, enforced by the registry on every call. */
  policy: ToolPolicy;
  /**
   * Whose conversations the turn may open, continue or resume, and whose a new one is (see
   * store/conversation-access.ts). Default: nobody named.
   */
  requester?: Requester;
  person?: Person;
  /**
   * The language the user speaks, as the entry point knows it: HA's `language` (Wyoming's transcript, the
   * line in the Ollama agent's instructions), the panel's HA user language, or what the entry point
   * detected (words/turn-language.ts). Without it the turn's language is detected from its message.
   */
  language?: TurnLanguage;
  /** The caller left (a closed connection, Ctrl-C): the turn stops. */
  signal?: AbortSignal;
  /** This turn's deadline, when it must be shorter than the configured one (a voice user waits). */
  deadlineMs?: number;
  /** When a risky action's confirmation question may be answered (default: the person's very next message). */
  confirmationRule?: ConfirmationRule;
  /**
   * Where the words were heard, as HA told it (a voice turn through HA's Ollama, OpenAI-compatible or Wyoming agent): the
   * satellite's device id and/or its area's name. A command that names no room acts in that room.
   */
  speaker?: { deviceId?: string; area?: string };
  /**
   * The words that may choose what changes in the home, when they are not the turn's user message: a
   * thought's configured prompt and trigger; "" for an MCP call (its client's person is not heard). Default:
   * the user message the loop runs on.
   */
  ownWords?: string;
  /** Outside text the turn starts with: a thought's message (the home's names, recent titles), MCP's earlier results. */
  outside?: OutsideRead[];
}

/**
 * One turn as every part of it sees it: who asks, under which tool policy, in which conversation and
 * turn, from which entry point, until when, and the home's time. Built once per turn by `buildTurnContext` (agent/turn-context.ts) and handed whole
 * to the tool loop, the registry and every tool. A new per-turn fact is a field here and a line there.
 *
 * It lives in this leaf folder, below agent/ and tools/, so tools and the domain services that add to a
 * turn (note sources) can name it without importing the agent.
 */
export interface TurnContext extends TurnCaller {
  conversationId: string;
  turnId: string;
  /**
   * The turn's place in its conversation (1, 2, …): "the user's next message" is turnNumber + 1. MCP calls,
   * each a turn of its own outside the conversation's history, are all number 1.
   */
  turnNumber: number;
  /** The entry point the conversation came from: "api", "openai", "ollama", "wyoming", "cli", "thinker". */
  source: string;
  requester: Requester;
  /**
   * The turn's language, set once: a pack language, another BCP 47 tag, or "und" (nothing told it and the
   * text did not show it). Every line Cyrene says in the turn reads it (words/speech-for.ts), and every
   * rule that reads words takes its pack (`packFor`, none outside the packs).
   */
  language: TurnLanguage;
  confirmationRule: ConfirmationRule;
  /** How long the turn's run may take: the smaller of the entry point's and the configured deadline. */
  deadlineMs?: number;
  /** The home's time: the current instant (ms) and the home's zone, read at each use (compose's HomeTime). */
  time: Pick<HomeTime, "now" | "zone">;
  /** What the turn has read from outside and whose words it runs on (turn/provenance.ts); grows as tools answer. */
  provenance: TurnProvenance;
}
