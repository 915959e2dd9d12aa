import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haChatBody, postChat, user } from "../assist/ollama/ha-client.js";
import { startHarness, type Harness } from "../support/harness.js";

/**
 * Conversations opened through /v1 with `user`, or through the Ollama port, can be listed and opened
 * through /api by the caller they belong to (issue 18, point 6), and by no one else.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true });
  h.llm.setFallback({ text: "ok" });
});
afterAll(() => h.close());

const listed = async (query: string) => {
  const res = await fetch(`${h.url}/api/conversations${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversations: { id: string }[] }).conversations.map((c) => c.id);
};
const opened = async (id: string, query: string) =>
  (await fetch(`${h.url}/api/conversations/${id}${query}`)).status;

describe("conversations by their owner", () => {
  it("a /v1 conversation opened with `user` is listed and opened with ?user=, and by no one else", async () => {
    const res = await fetch(`${h.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "cyrene", user: "alice", messages: [{ role: "user", content: "你好" }] }),
    });
    const id = res.headers.get("x-cyrene-conversation-id")!;
    expect(res.status).toBe(200);
    expect(await listed("?user=alice")).toContain(id);
    expect(await opened(id, "?user=alice")).toBe(200);
    expect(await listed("")).not.toContain(id);
    expect(await listed("?user=bob")).not.toContain(id);
    expect(await opened(id, "")).toBe(404);
    expect(await opened(id, "?user=bob")).toBe(404);
    expect((await fetch(`${h.url}/api/conversations/${id}?user=bob`, { method: "DELETE" })).status).toBe(404);
  });

  it("an Ollama-port conversation is the household's: listed and opened with ?owner=household", async () => {
    const before = new Set(await listed("?owner=household"));
    await postChat(h.ollamaUrl, haChatBody([user("Is the porch light on?")]));
    const fresh = (await listed("?owner=household")).filter((id) => !before.has(id));
    expect(fresh).toHaveLength(1);
    expect(await opened(fresh[0]!, "?owner=household")).toBe(200);
    expect(await opened(fresh[0]!, "")).toBe(404);
    expect((await fetch(`${h.url}/api/conversations?owner=alice`)).status).toBe(400);
  });
});
