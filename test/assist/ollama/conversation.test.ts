import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withoutNotes } from "../../support/messages.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { assistant, haChatBody, postChat, user, type OllamaMessage } from "./ha-client.js";

/**
 * HA sends no conversation id: its whole history, behind a system prompt whose clock changes every
 * turn, is what finds the stored conversation again.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true, tools: testTools().tools });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

const conversationOfLastTurn = () => h.cyrene.turns.recent(1)[0]!.conversationId;

describe("conversations over the Ollama API", () => {
  it("continues the stored conversation when HA resends the history it was shown, with a new clock", async () => {
    h.llm.script(
      { toolCalls: [{ name: "add", arguments: { a: 20, b: 22 } }] },
      { text: "**42** 🎉 — see https://example.com/sum" },
      { text: "You asked me to add 20 and 22." },
    );
    const first = await postChat(h.ollamaUrl, haChatBody([user("What is 20 plus 22?")], {}, "10:00:00"));
    expect(first.text).toBe("42 — see");
    const conversation = conversationOfLastTurn();
    expect(h.cyrene.conversations.get(conversation)?.source).toBe("ollama");

    // What HA shows next time is what it received: the spoken text, not the LLM's Markdown.
    const history: OllamaMessage[] = [
      user("What is 20 plus 22?"),
      assistant(first.text),
      user("What did I ask?"),
    ];
    const second = await postChat(h.ollamaUrl, haChatBody(history, {}, "10:00:41"));
    expect(second.text).toBe("You asked me to add 20 and 22.");
    expect(conversationOfLastTurn()).toBe(conversation);
    // The LLM saw the stored turn, tool call and result included (HA's history has neither).
    const sent = withoutNotes(h.llm.requests[2]!.body.messages).slice(1);
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "user"]);
    expect(sent[3]!.content).toBe("**42** 🎉 — see https://example.com/sum");
  });

  it("opens a new conversation, seeded with HA's history, when the history matches none", async () => {
    h.llm.script({ text: "Sure." });
    const history = [user("hi"), assistant("Hello from another agent."), user("turn it off")];
    await postChat(h.ollamaUrl, haChatBody(history));
    const sent = withoutNotes(h.llm.requests[0]!.body.messages).slice(1);
    expect(sent).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "Hello from another agent." },
      { role: "user", content: "turn it off" },
    ]);
  });

  it("keeps nothing of a failed turn, so HA's next resend still finds the conversation", async () => {
    h.llm.script({ text: "First answer." });
    const first = await postChat(h.ollamaUrl, haChatBody([user("one")]));
    const conversation = conversationOfLastTurn();
    h.llm.script({ status: 400 });
    const failed = await postChat(h.ollamaUrl, haChatBody([user("one"), assistant(first.text), user("two")]));
    expect(failed.text).toBe("");
    // HA drops an exchange with no answer: it resends the history without it.
    h.llm.script({ text: "Third answer." });
    await postChat(h.ollamaUrl, haChatBody([user("one"), assistant(first.text), user("three")]));
    expect(conversationOfLastTurn()).toBe(conversation);
  });
});
