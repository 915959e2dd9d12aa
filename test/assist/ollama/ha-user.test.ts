import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../support/harness.js";
import { haChatBody, haSystemPrompt, postChat, user } from "./ha-client.js";

/**
 * The person HA names (the line DOCS gives for the agent's instructions, rendered by HA with the user it
 * runs the turn as) owns an Ollama-port turn; without one the turn stays the household's.
 */
const ALICE_ID = "8f14e45fceea167a5a36dedd4bea2543";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true, env: { CYRENE_TRUST_USER_HEADERS: "true" } });
  h.llm.setFallback({ text: "ok" });
});
afterAll(() => h.close());

const listed = async (query: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${h.url}/api/conversations${query}`, { headers });
  return ((await res.json()) as { conversations: { id: string }[] }).conversations.map((c) => c.id);
};
const fresh = async (before: Set<string>, query: string, headers: Record<string, string> = {}) =>
  (await listed(query, headers)).filter((id) => !before.has(id));

describe("the person HA names on the Ollama port", () => {
  const alice = { "x-remote-user-id": ALICE_ID, "x-remote-user-name": "Alice" };

  it("is the owner of the turn, the same person the panel names", async () => {
    const before = new Set([...(await listed("", alice)), ...(await listed("?owner=household"))]);
    const system = `${haSystemPrompt()}\nSpeaker user: Alice (user ${ALICE_ID})`;
    const body = haChatBody([user("What did I ask you yesterday?")]);
    (body.messages as { content: string }[])[0]!.content = system;
    await postChat(h.ollamaUrl, body);
    expect(await fresh(before, "", alice)).toHaveLength(1);
    expect(await fresh(before, "?owner=household")).toHaveLength(0);
  });

  it("is nobody for a satellite's turn HA runs as no user", async () => {
    const before = new Set(await listed("?owner=household"));
    const body = haChatBody([user("Good morning")]);
    (body.messages as { content: string }[])[0]!.content =
      `${haSystemPrompt()}\nSpeaker user: None (user None)`;
    await postChat(h.ollamaUrl, body);
    expect(await fresh(before, "?owner=household")).toHaveLength(1);
  });
});
