import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { withoutNotes } from "../support/messages.js";

let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  h = await startHarness({ tools: testTools().tools });
  client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "unused", maxRetries: 0 });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending).toBe(0);
  h.llm.reset();
});

describe("the OpenAI-compatible API, driven by the openai SDK", () => {
  it("lists the models, and answers for each by id", async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(["cyrene", "cyrene-direct"]);
    expect((await client.models.retrieve("cyrene")).id).toBe("cyrene");
    await expect(client.models.retrieve("gpt-4o")).rejects.toMatchObject({ status: 404 });
  });

  it("answers without streaming, running Cyrene's tools inside the turn", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 2, b: 3 } }] }, { text: "Five." });
    const response = await client.chat.completions
      .create({
        model: "cyrene",
        messages: [
          { role: "system", content: "Be terse." },
          { role: "user", content: "What is 2+2?" },
          { role: "assistant", content: "4" },
          { role: "user", content: [{ type: "text", text: "And 2+3?" }] },
        ],
      })
      .withResponse();
    expect(response.data.choices[0]!.message).toMatchObject({ role: "assistant", content: "Five." });
    expect(response.data.choices[0]!.finish_reason).toBe("stop");
    expect(response.data.usage?.total_tokens).toBeGreaterThan(0);
    expect(response.response.headers.get("x-cyrene-conversation-id")).toBeTruthy();
    const sent = h.llm.requests[0]!.body.messages;
    const seen = withoutNotes(sent).map((m) => [m.role, m.content]);
    expect(seen.slice(1)).toEqual([
      ["user", "What is 2+2?"],
      ["assistant", "4"],
      ["user", "And 2+3?"],
    ]);
    // The client's own system message reaches the LLM as the app's instructions, in the turn's note.
    expect(sent.at(-2)!.content).toMatch(/Instructions from the app[^\n]*\nBe terse\./);
  });

  it("streams content deltas in the chat.completion.chunk shape", async () => {
    h.llm.script({ toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }] }, { text: "The answer is two." });
    const stream = await client.chat.completions.create({
      model: "cyrene",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "1+1" }],
    });
    let text = "";
    let finish: string | null = null;
    let usage = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage?.total_tokens ?? usage;
    }
    expect(text).toBe("The answer is two.");
    expect(finish).toBe("stop");
    expect(usage).toBeGreaterThan(0);
  });

  it("continues a stored conversation when the client sends its id back", async () => {
    h.llm.script({ text: "first" }, { text: "second" });
    const first = await client.chat.completions
      .create({ model: "cyrene", messages: [{ role: "user", content: "one" }] })
      .withResponse();
    const id = first.response.headers.get("x-cyrene-conversation-id")!;
    await client.chat.completions.create(
      { model: "cyrene", messages: [{ role: "user", content: "two" }] },
      { headers: { "x-cyrene-conversation-id": id } },
    );
    expect(
      withoutNotes(h.llm.requests[1]!.body.messages)
        .slice(1)
        .map((m) => m.content),
    ).toEqual(["one", "first", "two"]);
  });

  it("finds the conversation again when a client re-sends the history without the id", async () => {
    h.llm.script(
      { toolCalls: [{ name: "add", arguments: { a: 2, b: 2 } }] },
      { text: "Four." },
      { text: "Eight." },
    );
    const history = [{ role: "user" as const, content: "2+2?" }];
    const first = await client.chat.completions.create({ model: "cyrene", messages: history, user: "alice" });
    const reply = first.choices[0]!.message.content!;
    const followUp = [
      ...history,
      { role: "assistant" as const, content: reply },
      { role: "user" as const, content: "doubled?" },
    ];
    await client.chat.completions.create({ model: "cyrene", messages: followUp, user: "alice" });
    const seen = withoutNotes(h.llm.requests[2]!.body.messages).map((m) => m.role);
    expect(seen).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);

    h.llm.script({ text: "new" });
    await client.chat.completions.create({ model: "cyrene", messages: followUp, user: "bob" });
    expect(withoutNotes(h.llm.requests[3]!.body.messages).map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("finds the conversation again after a streamed answer that ended in an error", async () => {
    h.llm.script(
      { text: "Hello." },
      { text: "Partial answer", cutAfterEvents: 2, pieceSize: 4 },
      { text: "Recovered." },
    );
    const opening = [{ role: "user" as const, content: "hi there" }];
    const hello = await client.chat.completions.create({ model: "cyrene", messages: opening });
    const history = [...opening, hello.choices[0]!.message, { role: "user" as const, content: "tell me" }];
    const stream = await client.chat.completions.create({ model: "cyrene", stream: true, messages: history });
    let seen = "";
    const failure = await (async () => {
      for await (const chunk of stream) seen += chunk.choices[0]?.delta.content ?? "";
    })().catch((error: unknown) => error);
    expect(seen).toBe("Part");
    expect(failure).toMatchObject({ message: expect.stringMatching(/broke off/) });
    // The client retries the same request: the same conversation, where the failed turn is no answer.
    await client.chat.completions.create({ model: "cyrene", messages: history });
    expect(
      withoutNotes(h.llm.requests[2]!.body.messages)
        .map((m) => m.content)
        .slice(1),
    ).toEqual(["hi there", "Hello.", "tell me", "tell me"]);
  });

  it("refuses a request whose last message is not the user's", async () => {
    await expect(
      client.chat.completions.create({ model: "cyrene", messages: [{ role: "assistant", content: "hi" }] }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
