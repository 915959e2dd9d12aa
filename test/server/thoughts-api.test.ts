import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";

/**
 * Thoughts live in the Thoughts panel: not among a person's chats, and described as fields, not JSON. (No
 * Home Assistant here: the message is not delivered, which `reason` says; `to` names where it was sent.)
 */
let h: Harness;
let chatId: string;
let thoughtConversation: string;
beforeAll(async () => {
  h = await startHarness({
    // Someone who may see every conversation (show_all_conversations): the Thinker's are theirs to see
    // too, but not among the chats.
    env: {
      CYRENE_QUIET_HOURS: "off",
      CYRENE_REMINDER_NOTIFY_TARGETS: "mobile_app_pixel",
      CYRENE_SHOW_ALL_CONVERSATIONS: "true",
    },
  });
  h.llm.script({ text: "Hello!" });
  const reply = await json(
    fetch(`${h.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "hello" }),
    }),
  );
  chatId = reply.conversation_id;
  h.llm.script(
    {
      toolCalls: [
        { name: "datetime", arguments: { datetime: "tomorrow 8am" } },
        { name: "file", arguments: { operation: "read", path: "secrets.txt" } },
      ],
    },
    { text: JSON.stringify({ outcome: "tell", text: "The laundry is done." }) },
  );
  await h.cyrene.thinker.think({ kind: "event", prompt: "The washer stopped.", topic: "laundry" });
  thoughtConversation = h.cyrene.thoughts.recent(1)[0]!.conversationId!;
});
afterAll(() => h.close());

const ids = (body: { conversations: { id: string }[] }) => body.conversations.map((c) => c.id);

describe("GET /api/conversations", () => {
  it("leaves out the Thinker's conversations, even for someone who sees all", async () => {
    expect(ids(await getJson(`${h.url}/api/conversations`))).toEqual([chatId]);
  });

  it("lists them when asked: ?include=thoughts, or ?source=thinker alone", async () => {
    expect(ids(await getJson(`${h.url}/api/conversations?include=thoughts`)).sort()).toEqual(
      [chatId, thoughtConversation].sort(),
    );
    expect(ids(await getJson(`${h.url}/api/conversations?source=thinker`))).toEqual([thoughtConversation]);
  });
});

describe("GET /api/thoughts", () => {
  it("describes an outcome as fields: trigger, tools with target and ok/failed, what was said, to whom", async () => {
    const [thought] = (await getJson(`${h.url}/api/thoughts`)).thoughts;
    expect(thought).toMatchObject({
      status: "finished",
      outcome: "tell",
      trigger_summary: { kind: "event", prompt: "The washer stopped.", topic: "laundry", notify: false },
      said: "The laundry is done.",
      to: ["persistent_notification", "notify.mobile_app_pixel"],
      spoken_on: null,
      tools: [
        { name: "datetime", target: "tomorrow 8am", ok: true, error: null },
        {
          name: "file",
          target: "secrets.txt",
          ok: false,
          error: expect.stringMatching(/not allowed here \(policy "autonomous"\)/),
        },
      ],
    });
  });
});
