import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { HA_INSTRUCTIONS } from "../assist/ollama/ha-client.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { HaEvents, speechOf, type ConversationResult } from "./support/ha-events.js";
import { addSubentry, createOllamaEntry, entityOf, removeEntry, untilReady } from "./support/ollama-entry.js";

/** The line DOCS has the user paste into the agent's instructions. */
const USER_LINE = "Speaker user: {{ user_name }} (user {{ llm_context.context.user_id }})";

/**
 * The person HA names, through HA's own Ollama integration: HA renders the user it runs the turn as into
 * the agent's instructions (conversation/chat_log.py, `user_name` and `llm_context`), and that person owns
 * the turn in Cyrene, as the panel's person (HA's ingress) does.
 */
describeHa("the person HA runs a turn as, over HA's Ollama integration", (info) => {
  let h: Harness;
  let ws: HaEvents;
  let entryId: string;
  let agent: string;

  beforeAll(async () => {
    h = await startHarness({
      assist: true,
      env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token, CYRENE_TRUST_USER_HEADERS: "true" },
    });
    ws = await HaEvents.connect(info);
    entryId = await createOllamaEntry(info, h.ollamaUrl);
    await addSubentry(info, entryId, "conversation", {
      name: "Cyrene Ollama Person",
      model: "cyrene:latest",
      prompt: `${HA_INSTRUCTIONS}${USER_LINE}`,
    });
    agent = await entityOf(ws, entryId, "conversation");
  }, 120_000);
  afterAll(async () => {
    if (entryId) await removeEntry(info, entryId);
    ws?.close();
    await h?.close();
  });
  beforeEach(async () => {
    h.llm.reset();
    await untilReady(h, info, agent);
  });

  it(
    "a conversation/process by HA's user is that person's conversation",
    { timeout: 60_000, retry: 2 },
    async () => {
      const me = await ws.call<{ id: string; name: string }>("auth/current_user");
      let note = "";
      h.llm.script((request) => {
        note = request.body.messages.filter((m) => m.role === "system").at(-1)!.content as string;
        return { text: "Noted." };
      });
      const result = await ws.call<ConversationResult>("conversation/process", {
        text: "Remember that I like tea",
        language: "en",
        agent_id: agent,
      });
      expect(speechOf(result)).toBe("Noted.");
      expect(note).toContain(`Speaker user: ${me.name} (user ${me.id})`);
      expect(note).toContain(`Talking to you: ${me.name}.`);
      const alice = { "x-remote-user-id": me.id, "x-remote-user-name": me.name };
      const listed = async (headers: Record<string, string>, query = "") =>
        (
          (await (await fetch(`${h.url}/api/conversations${query}`, { headers })).json()) as {
            conversations: { id: string; source: string }[];
          }
        ).conversations
          .filter((c) => c.source === "ollama")
          .map((c) => c.id);
      expect(await listed(alice)).toHaveLength(1);
      expect(await listed({}, "?owner=household")).toHaveLength(0);
    },
  );
});
