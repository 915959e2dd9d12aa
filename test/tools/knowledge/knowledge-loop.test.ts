import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { json } from "../../support/http.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { lastToolResult, notesOf } from "./support.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending).toBe(0);
  h.llm.reset();
});

/** One turn through POST /api/chat; `h.llm.requests` then holds only this turn's requests. */
const chat = (message: string, conversationId?: string) => {
  h.llm.requests.length = 0;
  return json(
    fetch(`${h.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message, ...(conversationId ? { conversation_id: conversationId } : {}) }),
    }),
  );
};

describe("the knowledge tools in the loop", () => {
  it("saves a manual, then answers from it with what the answer cites", async () => {
    h.llm.script(
      {
        toolCalls: [
          {
            name: "knowledge_ingest",
            arguments: {
              text: "# 洗碗机说明书\n\n## 软水盐\n\n软水盐指示灯亮时，拧开底部盐罐盖，加满专用软水盐。",
              title: "洗碗机说明书",
              tags: ["manual"],
            },
          },
        ],
      },
      { text: "已存入知识库。" },
    );
    await chat("把这段洗碗机说明存进知识库");
    expect(lastToolResult(h.llm.requests[1]!)).toMatchObject({
      status: "added",
      title: "洗碗机说明书",
      passages: 1,
    });

    h.llm.script(
      { toolCalls: [{ name: "knowledge_search", arguments: { query: "洗碗机 盐 怎么加" } }] },
      { text: "根据《洗碗机说明书》：指示灯亮时加满软水盐。" },
    );
    const answer = await chat("洗碗机的盐怎么加？");
    expect(answer.reply).toContain("洗碗机说明书");
    const found = lastToolResult(h.llm.requests[1]!);
    expect(found.results[0]).toMatchObject({
      title: "洗碗机说明书",
      source: "text:洗碗机说明书",
      section: "洗碗机说明书 > 软水盐",
      score: 1,
    });
    expect(found.results[0].text).toContain("加满专用软水盐");
    // Saved text may come from anywhere: the LLM is told to read it as data.
    const tool = h.llm.requests[1]!.body.messages.findLast((m) => m.role === "tool")!;
    expect(JSON.parse(String(tool.content)).untrusted).toBe(true);
  });

  it("remembers a fact, offers it to the next conversation once, and finds it again", async () => {
    h.llm.script(
      {
        toolCalls: [
          {
            name: "knowledge_ingest",
            arguments: { text: "我的车牌是沪A12345", title: "车牌", tags: ["memory"] },
          },
        ],
      },
      { text: "记住了。" },
    );
    await chat("记住我的车牌是沪A12345");

    h.llm.script({ text: "沪A12345。" }, { text: "好的。" });
    const next = await chat("我的车牌是多少？");
    const note = notesOf(h.llm.requests[0]!).at(-1)!;
    expect(note).toMatch(
      /Facts the user asked you to remember[\s\S]*- 我的车牌是沪A12345 \(\d{4}-\d{2}-\d{2}\)/,
    );
    await chat("谢谢", next.conversation_id);
    expect(notesOf(h.llm.requests[0]!)).toHaveLength(2);
    expect(notesOf(h.llm.requests[0]!).filter((n) => n.includes("车牌"))).toHaveLength(1);

    h.llm.script(
      {
        toolCalls: [
          {
            name: "knowledge_ingest",
            arguments: { text: "我的车牌换成了沪B67890", title: "车牌", tags: ["memory"] },
          },
        ],
      },
      { text: "已更新。" },
      { text: "沪B67890。" },
    );
    await chat("记住我的车牌换成了沪B67890", next.conversation_id);
    await chat("车牌？", next.conversation_id);
    const latest = notesOf(h.llm.requests[0]!).at(-1)!;
    expect(latest).toContain("沪B67890");
    expect(latest).not.toContain("沪A12345");
  });
});
