import { describe, expect, it } from "vitest";
import { NO_CLIENT_RESULT, repairHistory } from "../../src/agent/history-repair.js";
import type { ChatMessage } from "../../src/llm/messages.js";
import { orderViolation } from "../fixtures/scripted-llm/server.js";

const call = (id: string) => ({ id, type: "function" as const, function: { name: "f", arguments: "{}" } });
const asks = (...ids: string[]): ChatMessage => ({
  role: "assistant",
  content: null,
  tool_calls: ids.map(call),
});
const result = (id: string, content = "r"): ChatMessage => ({ role: "tool", tool_call_id: id, content });
const user = (content: string): ChatMessage => ({ role: "user", content });

describe("repairHistory", () => {
  it("leaves a valid history as it is, message for message", () => {
    const history = [
      user("a"),
      asks("1", "2"),
      result("1"),
      result("2"),
      { role: "assistant", content: "x" } as ChatMessage,
    ];
    const repaired = repairHistory(history);
    expect(repaired).toEqual(history);
    repaired.forEach((m, i) => expect(m).toBe(history[i]));
  });

  it("answers unanswered calls, orders results as the calls, drops orphans and repeats", () => {
    const repaired = repairHistory([
      result("stray"),
      user("a"),
      asks("1", "2", "3"),
      result("2", "two"),
      result("1", "one"),
      result("2", "again"),
      user("b"),
      asks("4"),
    ]);
    expect(repaired).toEqual([
      user("a"),
      asks("1", "2", "3"),
      result("1", "one"),
      result("2", "two"),
      result("3", NO_CLIENT_RESULT),
      user("b"),
      asks("4"),
      result("4", NO_CLIENT_RESULT),
    ]);
    expect(orderViolation(repaired as never)).toBeUndefined();
  });
});
