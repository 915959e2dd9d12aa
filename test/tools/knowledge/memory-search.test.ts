import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../../src/logging/logger.js";
import { allowAllTools } from "../../../src/tools/policy.js";
import { json, type Json } from "../../support/http.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { lastToolResult } from "./support.js";
import { testTurn } from "../../support/turn-context.js";

const WEEK = 7 * 86_400_000;
let h: Harness;
/** How far the app's clock is ahead of the real one. */
let ahead = 0;
beforeAll(async () => {
  h = await startHarness({ clock: () => new Date(Date.now() + ahead) });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending).toBe(0);
  h.llm.reset();
});

const chat = (message: string) => {
  h.llm.requests.length = 0;
  return json(
    fetch(`${h.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message }),
    }),
  );
};

let calls = 0;
/** The conversation a search is asked from: what was said is searched among its owner's conversations. */
let askedFrom: string | undefined;
const memorySearch = async (args: Record<string, unknown>, conversationId = askedFrom) => {
  const result = await h.cyrene.registry.execute(
    { id: `m${++calls}`, name: "memory_search", arguments: JSON.stringify(args) },
    {
      logger: silentLogger(),
      hardTimeoutMs: 5_000,
      turn: testTurn({ policy: allowAllTools, ...(conversationId === undefined ? {} : { conversationId }) }),
    },
  );
  if (!result.success) throw new Error(result.error);
  return result.data as Json;
};

describe("memory_search", () => {
  let restaurantConversation: string;

  beforeAll(async () => {
    h.llm.script({ text: "听起来不错！" });
    restaurantConversation = (await chat("我去了一家叫湘里人家的湘菜馆，剁椒鱼头很好吃")).conversation_id;
    askedFrom = restaurantConversation;
    h.llm.script({ text: "Noted." });
    await chat("The plumber comes on Friday to fix the kitchen sink.");
    // A week passes: what was said was said "last week" (上周) when it is asked.
    ahead = WEEK;
  });

  it("finds what the user said in an earlier conversation, with its date and conversation id", async () => {
    h.llm.script(
      { toolCalls: [{ name: "memory_search", arguments: { query: "湘菜馆 餐厅", from: "上周" } }] },
      { text: "是湘里人家。" },
    );
    await chat("上周我说过的那家湘菜馆叫什么？");
    const found = lastToolResult(h.llm.requests[1]!);
    expect(found.range).toMatch(/^\d{4}-\d{2}-\d{2} 00:00 – \d{4}-\d{2}-\d{2} 23:59$/);
    expect(found.results[0]).toMatchObject({
      kind: "said",
      conversation_id: restaurantConversation,
      user: "我去了一家叫湘里人家的湘菜馆，剁椒鱼头很好吃",
      assistant: "听起来不错！",
    });
    expect(found.results[0].when).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The question itself is not an answer to it.
    expect(JSON.stringify(found.results)).not.toContain("叫什么");
  });

  it("keeps to the time range", async () => {
    // This week has only the question asked about it (the app's clock moved on a week before it).
    const thisWeek = await memorySearch({ query: "湘菜馆", from: "本周" });
    expect(thisWeek.results.map((r: { conversation_id: string }) => r.conversation_id)).not.toContain(
      restaurantConversation,
    );
    expect(thisWeek.results.map((r: { user: string }) => r.user)).toEqual(["上周我说过的那家湘菜馆叫什么？"]);
    expect((await memorySearch({ query: "湘菜馆", from: "上上周" })).results).toEqual([]);
    const recent = await memorySearch({ query: "湘菜馆", from: "最近10天" });
    expect(recent.results.map((r: { conversation_id: string }) => r.conversation_id)).toContain(
      restaurantConversation,
    );
    expect((await memorySearch({ query: "plumber", to: "last week" })).results[0].user).toMatch(
      /kitchen sink/,
    );
  });

  it("finds remembered facts and background thoughts, the newest first without words", async () => {
    await h.cyrene.knowledge.base.ingest({
      kind: "text",
      text: "Wi-Fi 密码是 sunflower2026",
      tags: ["memory"],
    });
    const now = Date.now();
    const id = h.cyrene.thoughts.start({ kind: "schedule", prompt: "看看今天家里的用电" }, "power", now);
    h.cyrene.thoughts.finish(
      id,
      { status: "finished", outcome: "note", text: "空调今天开了9个小时，比平时多。" },
      now,
    );

    const fact = await memorySearch({ query: "wifi 密码" });
    expect(fact.results[0]).toMatchObject({ kind: "fact", text: "Wi-Fi 密码是 sunflower2026" });
    const thoughts = await memorySearch({ kind: "thought" });
    expect(thoughts.results).toEqual([
      expect.objectContaining({
        kind: "thought",
        about: "看看今天家里的用电",
        text: "空调今天开了9个小时，比平时多。",
      }),
    ]);
    expect((await memorySearch({ query: "空调" })).results[0].kind).toBe("thought");
    const newest = await memorySearch({});
    expect(newest.results.map((r: { kind: string }) => r.kind)).toContain("said");
    expect(newest.results.length).toBeGreaterThanOrEqual(4);
  });

  it("finds nothing said when asked from no conversation (it cannot tell whose words it may see)", async () => {
    const found = await memorySearch({ query: "湘菜馆 plumber" }, "");
    expect(found.results).toEqual([]);
    expect((await memorySearch({ query: "湘菜馆" })).results).not.toEqual([]);
  });

  it("says what it cannot read", async () => {
    const result = await h.cyrene.registry.execute(
      { id: "bad", name: "memory_search", arguments: JSON.stringify({ query: "x", from: "whenever" }) },
      { logger: silentLogger(), hardTimeoutMs: 5_000, turn: testTurn({ policy: allowAllTools }) },
    );
    expect(result).toMatchObject({ success: false, error: expect.stringMatching(/Could not understand/) });
  });
});
