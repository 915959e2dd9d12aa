/**
 * Who may see and continue a conversation: the one rule behind every entry point (README, "Who sees which
 * conversation"). Every conversation has one owner, stored as a key in `conversations.caller`:
 *
 * - `person:<id>`: the person signed in to Home Assistant behind its ingress (the panel, `/api`, and `/v1`
 *   through ingress);
 * - `user:<name>`: an OpenAI client's `user` field where no one is signed in (`/v1` with the API token);
 * - `household`: the household's voice, where HA does not say who speaks (its Ollama and Wyoming turns),
 *   and the Thinker, which thinks for the whole household;
 * - `""`: nobody named (`/api` or `/v1` without ingress and without `user`, the CLI).
 *
 * A requester opens, continues, resumes and deletes only the conversations of its own owner key; a
 * conversation it may not open behaves as if it did not exist. Matching a resent history and
 * memory_search never look past the owner.
 */
export interface Requester {
  /** The owner key of the conversations this requester opens and may continue. */
  owner: string;
  /**
   * Opens any conversation it names (the panel with `show_all_conversations` on; the CLI on the server).
   * It widens naming only: history matching and memory_search keep to the owner.
   */
  seesAll?: boolean;
}

/** The household's voice (HA's Ollama and Wyoming turns) and the Thinker. */
export const HOUSEHOLD: Requester = { owner: "household" };
/** Nobody named: an entry point that does not say who asks. */
export const UNNAMED: Requester = { owner: "" };
/** The CLI, run on the server beside the database: it may open any conversation it names. */
export const CONSOLE: Requester = { owner: "", seesAll: true };

/** The person signed in behind HA's ingress. */
export function personRequester(id: string, options: { seesAll?: boolean } = {}): Requester {
  return { owner: `person:${id}`, ...options };
}

/** An API client: the signed-in person behind ingress if there is one, else its `user` name, else nobody. */
export function clientRequester(personId: string | undefined, user: string | undefined): Requester {
  if (personId) return personRequester(personId);
  return user ? { owner: `user:${user}` } : UNNAMED;
}

/** The rule itself: may `requester` open a conversation owned by `owner`? */
export function mayOpen(requester: Requester, owner: string): boolean {
  return requester.seesAll === true || requester.owner === owner;
}

/**
 * Stored owner keys from before the rule: `caller` held a raw HA user id (`/api`), a raw `user` field
 * (`/v1`), or nothing (voice, Thinker). Run once, as a migration.
 */
export const OWNER_KEYS_MIGRATION = `
  UPDATE conversations SET caller = 'person:' || caller WHERE source = 'api' AND caller != '';
  UPDATE conversations SET caller = 'user:' || caller WHERE source = 'openai' AND caller != '';
  UPDATE conversations SET caller = 'household' WHERE source IN ('ollama', 'wyoming', 'thinker');`;
