import { Ollama } from "ollama";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { haChatBody, postChat, user } from "./ha-client.js";

/**
 * The Ollama port for clients other than Home Assistant (issue 18, points 3, 4, 5, 8): errors the
 * ollama clients raise, text as written, fields honoured or refused, bodies without a Content-Type, and
 * tool results that find their own conversation when two clients ask the same.
 */
let h: Harness;
let ollama: Ollama;
beforeAll(async () => {
  h = await startHarness({ assist: true, tools: testTools().tools, env: { CYRENE_LLM_MAX_RETRIES: "0" } });
  ollama = new Ollama({ host: h.ollamaUrl });
});
afterAll(() => h.close());
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
});

const MARKDOWN =
  "你好，世界！ naïve **bold** and [the docs](https://example.com/docs) 🎉\n\n```js\nlet a = 1;\n```";

describe("the Ollama port for any client", () => {
  it("a stream that fails before any text is an error status the npm client raises, with the message", async () => {
    h.llm.script({ status: 401 });
    const stream = await ollama
      .chat({ model: "cyrene", stream: true, messages: [{ role: "user", content: "hi" }] })
      .then(async (parts) => {
        for await (const part of parts) void part;
      })
      .then(
        () => undefined,
        (error: unknown) => error as Error & { status_code?: number },
      );
    expect(stream).toBeInstanceOf(Error);
    expect(stream!.message).toMatch(/refused the API key \(401\)/);
    expect(stream!.status_code).toBe(502);
    h.llm.script({ status: 401 });
    const whole = await ollama
      .chat({ model: "cyrene", messages: [{ role: "user", content: "hi again" }] })
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    expect(whole!.message).toMatch(/refused the API key/);
  });

  it("a stream that fails after text ends with an error line the npm client raises", async () => {
    h.llm.script({ text: "Half an answer that breaks", pieceSize: 5, cutAfterEvents: 3 });
    let text = "";
    const error = await ollama
      .chat({ model: "cyrene", stream: true, messages: [{ role: "user", content: "tell me" }] })
      .then(async (parts) => {
        for await (const part of parts) text += part.message.content;
      })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(text).toBe("Half an an");
    expect(error!.message).toMatch(/broke off/);
  });

  it("HA's integration still gets an empty answer that it reports as 'Unable to get response'", async () => {
    h.llm.script({ status: 401 });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("开灯")]));
    expect(reply.status).toBe(200);
    expect(reply.lines.at(-1)).toMatchObject({ done: true, done_reason: "error" });
  });

  it("gives other clients the text as written, streamed and not streamed alike, spacing kept", async () => {
    h.llm.script({ text: MARKDOWN, pieceSize: 3 }, { text: MARKDOWN });
    let streamed = "";
    for await (const part of await ollama.chat({
      model: "cyrene",
      stream: true,
      messages: [{ role: "user", content: "markdown please" }],
    }))
      streamed += part.message.content;
    const whole = await ollama.chat({
      model: "cyrene",
      messages: [{ role: "user", content: "again please" }],
    });
    expect(streamed).toBe(MARKDOWN);
    expect(whole.message.content).toBe(MARKDOWN);
  });

  it("still shapes HA's conversation agent's answers for speech", async () => {
    h.llm.script({ text: "**Done** 🎉 see [the docs](https://example.com)" });
    const reply = await postChat(h.ollamaUrl, haChatBody([user("Shape this")]));
    expect(reply.text).not.toContain("**");
    expect(reply.text).not.toContain("https://");
  });

  it("accepts a JSON body without a Content-Type, as curl -d sends it", async () => {
    h.llm.script({ text: "Hi from curl." });
    const res = await fetch(`${h.ollamaUrl}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: JSON.stringify({ model: "cyrene", stream: false, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: { content: string } }).message.content).toBe("Hi from curl.");
  });

  it("passes options on, honours format, checks keep_alive and refuses think as Ollama does", async () => {
    h.llm.script({ text: '{"ok":true}' });
    const answer = await ollama.chat({
      model: "cyrene",
      messages: [{ role: "user", content: "JSON please" }],
      format: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      options: { temperature: 0.2, top_p: 0.9, num_predict: 64, stop: ["END"], seed: 7, num_ctx: 4096 },
      keep_alive: "5m",
    });
    expect(JSON.parse(answer.message.content)).toEqual({ ok: true });
    expect(h.llm.requests[0]!.body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 64,
      stop: ["END"],
      seed: 7,
    });
    const think = await ollama
      .chat({ model: "cyrene", messages: [{ role: "user", content: "hm" }], think: true })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(think!.message).toMatch(/does not support thinking/);
    const keepAlive = await postChat(h.ollamaUrl, { model: "cyrene", messages: [], keep_alive: "soon" });
    expect(keepAlive.status).toBe(400);
    // HA's own "think" setting is ignored: HA cannot catch an error in a stream.
    h.llm.script({ text: "Thought enough." });
    const ha = await postChat(h.ollamaUrl, haChatBody([user("Think?")], { think: true }));
    expect(ha.text).toBe("Thought enough.");
  });

  it("resumes the right conversation when two clients send identical histories with a tool", async () => {
    const weather = {
      type: "function",
      function: {
        name: "get_weather",
        description: "Weather in a city",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
    };
    h.llm.script(
      { toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }] },
      { toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }] },
    );
    const question = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await ollama.chat({ model: "cyrene", messages: question, tools: [weather] });
    const second = await ollama.chat({ model: "cyrene", messages: question, tools: [weather] });
    expect(first.message.tool_calls).toEqual([
      { function: { name: "get_weather", arguments: { city: "Oslo" } } },
    ]);
    h.llm.script(
      (request) => ({ text: `Answer from ${String(request.body.messages.at(-1)!.content)}` }),
      (request) => ({ text: `Answer from ${String(request.body.messages.at(-1)!.content)}` }),
    );
    const results = await Promise.all(
      ["-3°C", "-4°C"].map((result, index) =>
        ollama.chat({
          model: "cyrene",
          tools: [weather],
          messages: [
            ...question,
            (index === 0 ? first : second).message,
            { role: "tool", content: result, tool_name: "get_weather" },
          ],
        }),
      ),
    );
    expect(results.map((r) => r.message.content)).toEqual(["Answer from -3°C", "Answer from -4°C"]);
    expect(new Set(h.llm.requests.slice(2).map((r) => JSON.stringify(r.body.messages[1])))).toHaveProperty(
      "size",
    );
    // A third, with calls no conversation waits for, opens no one's turn.
    const stray = await ollama
      .chat({
        model: "cyrene",
        tools: [weather],
        messages: [
          ...question,
          {
            role: "assistant",
            content: "",
            tool_calls: [{ function: { name: "get_weather", arguments: { city: "Rome" } } }],
          },
          { role: "tool", content: "25°C", tool_name: "get_weather" },
        ],
      })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(stray!.message).toMatch(/No conversation of Cyrene's waits for these tool results/);
  });
});
