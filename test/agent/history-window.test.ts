import { describe, expect, it } from "vitest";
import { fitHistory } from "../../src/agent/history-window.js";
import type { ChatMessage } from "../../src/llm/messages.js";

function turn(n: number, toolResultSize: number): ChatMessage[] {
  return [
    { role: "user", content: `question ${n}` },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: `c${n}`, type: "function", function: { name: "web_fetch", arguments: "{}" } }],
    },
    { role: "tool", tool_call_id: `c${n}`, content: "x".repeat(toolResultSize) },
    { role: "assistant", content: `answer ${n}` },
  ];
}

describe("fitHistory", () => {
  it("keeps everything that fits", () => {
    const messages = [...turn(1, 10), ...turn(2, 10)];
    expect(fitHistory(messages, 10_000)).toBe(messages);
  });

  it("drops whole old turns, never orphaning a tool result", () => {
    const messages = [...turn(1, 5_000), ...turn(2, 5_000), ...turn(3, 5_000)];
    const kept = fitHistory(messages, 11_000);
    expect(kept[0]).toEqual({ role: "user", content: "question 2" });
    expect(kept).toHaveLength(8);
  });

  it("always keeps the last turn, even when it alone is too large", () => {
    const messages = [...turn(1, 10), ...turn(2, 50_000)];
    const kept = fitHistory(messages, 1_000);
    expect(kept[0]).toEqual({ role: "user", content: "question 2" });
    expect(kept).toHaveLength(4);
  });
});
