import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import { startHarness, type Harness } from "../support/harness.js";
import { isNote } from "../support/messages.js";

/**
 * The app's instructions and the remembered facts are given once and then resent with the history; a
 * long conversation pushes old turns out of the window the LLM is sent (120,000 characters), and the
 * note must then give them again, so the LLM never loses them.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const LONG = 45_000;
const INSTRUCTIONS = /Instructions from the app[^\n]*\nBe terse\./;
const FACTS = /Facts the user asked you to remember[\s\S]*- 我家的 Wi-Fi 密码在冰箱门上/;

/** One turn whose app says "Be terse."; answers the notes of its one LLM request, oldest first. */
async function turn(message: string, conversationId?: string) {
  h.llm.requests.length = 0;
  h.llm.script({ text: "ok" });
  const outcome = await h.cyrene.assistant.turn(
    { message, conversationId, source: "test", policy: allowAllTools, instructions: "Be terse." },
    () => {},
  );
  const notes = h.llm.requests[0]!.body.messages.filter((m) => m.role === "system" && isNote(m.content));
  return { id: outcome.conversationId, notes: notes.map((m) => String(m.content)) };
}

describe("the turn note and the history window", () => {
  it("gives the app's instructions and the facts again once their note has left the window, not before", async () => {
    await h.cyrene.knowledge.base.ingest({
      kind: "text",
      text: "我家的 Wi-Fi 密码在冰箱门上",
      tags: ["memory"],
    });
    const first = await turn("hi");
    expect(first.notes.at(-1)).toMatch(INSTRUCTIONS);
    expect(first.notes.at(-1)).toMatch(FACTS);

    // Still in the window: given once, resent with the history.
    const second = await turn("a".repeat(LONG), first.id);
    expect(second.notes.at(-1)).not.toMatch(/Instructions from the app|Facts the user/);
    const third = await turn("b".repeat(LONG), first.id);
    expect(third.notes.filter((n) => INSTRUCTIONS.test(n))).toHaveLength(1);
    expect(third.notes.filter((n) => FACTS.test(n))).toHaveLength(1);

    // This turn's message pushes the first turn out: its note says both again, and the LLM sees them once.
    const fourth = await turn("c".repeat(LONG), first.id);
    expect(fourth.notes.at(-1)).toMatch(INSTRUCTIONS);
    expect(fourth.notes.at(-1)).toMatch(FACTS);
    expect(fourth.notes.filter((n) => INSTRUCTIONS.test(n))).toHaveLength(1);

    const fifth = await turn("d", first.id);
    expect(fifth.notes.at(-1)).not.toMatch(/Instructions from the app|Facts the user/);
    expect(fifth.notes.filter((n) => INSTRUCTIONS.test(n))).toHaveLength(1);
    expect(h.llm.pending).toBe(0);
  });
});
