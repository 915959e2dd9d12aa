/** What started a thought. */
export interface ThoughtTrigger {
  kind: "event" | "schedule" | "watch";
  /** What to think about: the automation's prompt, the schedule's, or a watched change. */
  prompt: string;
  topic?: string;
  /**
   * The entity the thought is about (the watched one, or the automation's event_data.entity_id): its
   * room's satellite is where the thought speaks.
   */
  entityId?: string;
  /** Extra facts the automation passed (event_data.context). */
  context?: unknown;
  /** Whether the automation wants the user told (event_data.notify). */
  notify?: boolean;
}

/** How a thought ended, as the LLM decided (quiet hours may turn a message into a note). */
export type Outcome = "nothing" | "note" | "tell" | "ask";

export type ThoughtStatus = "running" | "finished" | "skipped" | "cancelled" | "failed";

export interface ThoughtAction {
  tool: string;
  arguments: string;
  success: boolean;
  result: string;
}

export interface Thought {
  id: string;
  trigger: ThoughtTrigger;
  status: ThoughtStatus;
  outcome: Outcome | null;
  text: string | null;
  actions: ThoughtAction[];
  /** Why it was skipped, cancelled or failed; what quiet hours changed. */
  reason: string | null;
  /** The Assist satellite its message or question was spoken on; null when it was not spoken. */
  spokenOn: string | null;
  conversationId: string | null;
  tokens: number;
  startedAt: number;
  finishedAt: number | null;
}
