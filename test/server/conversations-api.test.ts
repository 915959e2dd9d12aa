import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, json, postChat } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.llm.setFallback({ text: "ok" });
});
afterAll(() => h.close());

const chat = (message: string) => postChat(h.url, message);

describe("the conversations API", () => {
  it("titles a conversation after its first user message", async () => {
    const { conversation_id } = await chat("  Turn on the porch light\nand then the hallway  ");
    const info = await getJson(`${h.url}/api/conversations/${conversation_id}`);
    expect(info.title).toBe("Turn on the porch light");
    const long = await chat("一".repeat(100));
    expect((await getJson(`${h.url}/api/conversations/${long.conversation_id}`)).title).toBe(
      `${"一".repeat(59)}…`,
    );
  });

  it("pages newest first with limit and before", async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      await chat(`page test ${n}`);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const first = await getJson(`${h.url}/api/conversations?limit=2&q=page%20test`);
    expect(first.conversations.map((c: { title: string }) => c.title)).toEqual([
      "page test 5",
      "page test 4",
    ]);
    const second = await getJson(
      `${h.url}/api/conversations?limit=2&q=page%20test&before=${encodeURIComponent(first.next_before)}`,
    );
    expect(second.conversations.map((c: { title: string }) => c.title)).toEqual([
      "page test 3",
      "page test 2",
    ]);
  });

  it("finds conversations by the text of their messages", async () => {
    await chat("remember the blue umbrella");
    const found = await getJson(`${h.url}/api/conversations?q=${encodeURIComponent("blue umbrella")}`);
    expect(found.conversations).toHaveLength(1);
    const none = await getJson(`${h.url}/api/conversations?q=${encodeURIComponent("100%_nothing")}`);
    expect(none.conversations).toEqual([]);
  });

  it("deletes a conversation with its messages", async () => {
    const { conversation_id } = await chat("delete me");
    const deleted = await fetch(`${h.url}/api/conversations/${conversation_id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${h.url}/api/conversations/${conversation_id}`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/conversations/${conversation_id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect(h.cyrene.conversations.history(conversation_id)).toEqual([]);
  });

  it("refuses a bad page cursor clearly", async () => {
    const bad = await fetch(`${h.url}/api/conversations?before=yesterday`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toMatch(/before must be an ISO time/);
  });
});
