import { describe, expect, it } from "vitest";
import { HOUSEHOLD, personRequester } from "../../src/store/conversation-access.js";
import { ownConversation, resolveConversation } from "../../src/store/conversation-resolution.js";
import { ConversationStore } from "../../src/store/conversations.js";
import { openDatabase } from "../../src/store/database.js";

describe("which conversation a request continues", () => {
  const conversations = new ConversationStore(openDatabase(":memory:"));
  const opening = () => [{ role: "user" as const, content: "hi" }];
  conversations.startTurn("voice-1", "t1", opening, {
    source: "wyoming",
    owner: HOUSEHOLD.owner,
    externalId: "ha-1",
  });

  it("continues the conversation an entry point's own id stands for, under the access rule", () => {
    const request = { source: "wyoming", requester: HOUSEHOLD, externalId: "ha-1" };
    expect(resolveConversation(conversations, request)).toMatchObject({ conversationId: "voice-1" });
    // Someone else's is not continued, and not told apart from one that does not exist.
    const alice = { ...request, requester: personRequester("alice") };
    expect(resolveConversation(conversations, alice)).toBeUndefined();
  });

  it("opens a new conversation for an external id not seen before", () => {
    const found = resolveConversation(conversations, {
      source: "wyoming",
      requester: HOUSEHOLD,
      externalId: "ha-2",
    });
    expect(found).toEqual({ seen: [], priorMessages: [] });
  });

  it("prefers the id the caller names", () => {
    const found = resolveConversation(conversations, {
      source: "wyoming",
      requester: HOUSEHOLD,
      named: "voice-1",
      externalId: "ha-2",
    });
    expect(found).toMatchObject({ conversationId: "voice-1" });
  });
});

describe("an entry point that keeps one conversation per owner (MCP)", () => {
  it("opens the owner's conversation on the first call and continues it after, never another owner's", () => {
    const conversations = new ConversationStore(openDatabase(":memory:"));
    const request = { source: "mcp", requester: HOUSEHOLD, title: "MCP" };
    const first = ownConversation(conversations, request);
    expect(conversations.get(first)).toMatchObject({ source: "mcp", owner: "household", title: "MCP" });
    expect(ownConversation(conversations, request)).toBe(first);
    const alices = ownConversation(conversations, { ...request, requester: personRequester("alice") });
    expect(alices).not.toBe(first);
    expect(conversations.ownerOf(alices)).toBe("person:alice");
    // A deleted conversation is opened anew.
    conversations.delete(first);
    expect(ownConversation(conversations, request)).not.toBe(first);
  });

  it("continues an owner's conversation opened before owners were its external ids", () => {
    const conversations = new ConversationStore(openDatabase(":memory:"));
    const older = conversations.create("mcp", { title: "MCP", owner: "household" }).id;
    const request = { source: "mcp", requester: HOUSEHOLD, title: "MCP" };
    expect(ownConversation(conversations, request)).toBe(older);
    expect(conversations.findExternal("mcp", "household")).toBe(older);
    expect(ownConversation(conversations, request)).toBe(older);
  });
});
