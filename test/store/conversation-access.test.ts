import { describe, expect, it } from "vitest";
import {
  clientRequester,
  CONSOLE,
  HOUSEHOLD,
  mayOpen,
  OWNER_KEYS_MIGRATION,
  personRequester,
  UNNAMED,
} from "../../src/store/conversation-access.js";
import { ConversationStore } from "../../src/store/conversations.js";
import { openDatabase } from "../../src/store/database.js";

describe("the conversation access rule", () => {
  it("gives each requester its own owner key, which no other can take", () => {
    const keys = [
      personRequester("u1").owner,
      clientRequester(undefined, "u1").owner,
      HOUSEHOLD.owner,
      UNNAMED.owner,
      clientRequester(undefined, "household").owner,
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // Behind ingress the signed-in person asks, whatever `user` the client sends.
    expect(clientRequester("u1", "someone-else")).toEqual(personRequester("u1"));
    expect(clientRequester(undefined, undefined)).toEqual(UNNAMED);
  });

  it("opens only the requester's own conversations, unless it sees all", () => {
    const conversations = new ConversationStore(openDatabase(":memory:"));
    const alices = conversations.create("api", { owner: personRequester("alice").owner });
    expect(conversations.open(alices.id, personRequester("alice"))?.id).toBe(alices.id);
    expect(conversations.open(alices.id, personRequester("bob"))).toBeUndefined();
    expect(conversations.open(alices.id, HOUSEHOLD)).toBeUndefined();
    expect(conversations.open(alices.id, UNNAMED)).toBeUndefined();
    expect(conversations.open(alices.id, personRequester("bob", { seesAll: true }))?.id).toBe(alices.id);
    expect(conversations.open(alices.id, CONSOLE)?.id).toBe(alices.id);
    expect(mayOpen(HOUSEHOLD, alices.owner)).toBe(false);
    expect(conversations.list({ visibleTo: personRequester("bob") })).toEqual([]);
    expect(conversations.list({ visibleTo: personRequester("bob", { seesAll: true }) })).toHaveLength(1);
  });

  it("turns the callers stored before the rule into owner keys", () => {
    const db = openDatabase(":memory:");
    // Rows as the version before the rule stored them (the migration's own SQL runs on them again).
    const insert = db.prepare(
      "INSERT INTO conversations (id, source, title, caller, created_at, updated_at) VALUES (?, ?, NULL, ?, 0, 0)",
    );
    const before = {
      "api-person": ["api", "u-alice"],
      "api-token": ["api", ""],
      "v1-user": ["openai", "bob"],
      "v1-plain": ["openai", ""],
      ollama: ["ollama", ""],
      wyoming: ["wyoming", ""],
      thinker: ["thinker", ""],
      cli: ["cli", ""],
    };
    for (const [id, [source, caller]] of Object.entries(before)) insert.run(id, source, caller);
    db.exec(OWNER_KEYS_MIGRATION);
    const conversations = new ConversationStore(db);
    const owners = Object.fromEntries(Object.keys(before).map((id) => [id, conversations.ownerOf(id)]));
    expect(owners).toEqual({
      "api-person": "person:u-alice",
      "api-token": "",
      "v1-user": "user:bob",
      "v1-plain": "",
      ollama: "household",
      wyoming: "household",
      thinker: "household",
      cli: "",
    });
  });
});
