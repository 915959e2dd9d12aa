import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, jsonSchema, Output, streamText, tool, type ModelMessage } from "ai";
import { Ollama } from "ollama";

export type Checks = Record<string, string>;

async function check(results: Checks, name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
    results[name] = "ok";
  } catch (error) {
    results[name] = `${(error as Error).name}: ${(error as Error).message}`.slice(0, 400);
  }
}

function expectThat(condition: boolean, message: unknown): void {
  if (!condition) throw new Error(`unexpected: ${JSON.stringify(message)}`);
}

const weatherSchema = {
  type: "object" as const,
  properties: { city: { type: "string" as const } },
  required: ["city"],
};
const answerSchema = {
  type: "object" as const,
  properties: { city: { type: "string" as const }, temp_c: { type: "number" as const } },
  required: ["city", "temp_c"],
  additionalProperties: false,
};

/** The Vercel AI SDK 6 with @ai-sdk/openai-compatible, as an app uses it (default retries included). */
export async function runAiSdk(baseUrl: string, tag: string): Promise<Checks> {
  const provider = createOpenAICompatible({ name: "cyrene", baseURL: `${baseUrl}/v1`, apiKey: "unused" });
  const model = provider.chatModel("cyrene");
  // A tool without execute: the AI SDK hands the call back to the app (its default one-step flow).
  const tools = {
    get_weather: tool({ description: "weather", inputSchema: jsonSchema<{ city: string }>(weatherSchema) }),
  };
  const results: Checks = {};
  await check(results, "multi_turn", async () => {
    const messages: ModelMessage[] = [{ role: "user", content: `你好 ${tag}` }];
    for (let turn = 0; turn < 3; turn++) {
      const answer = await generateText({ model, messages });
      expectThat(answer.text === `你说：${messages.at(-1)!.content as string}`, answer.text);
      messages.push(...answer.response.messages, { role: "user", content: `第${turn}轮 ${tag}` });
    }
  });
  await check(results, "stream", async () => {
    const stream = streamText({ model, prompt: `流式 ${tag}` });
    let text = "";
    for await (const part of stream.textStream) text += part;
    expectThat(text === `你说：流式 ${tag}`, text);
  });
  await check(results, "tools", async () => {
    const messages: ModelMessage[] = [{ role: "user", content: `weather in Oslo ${tag}` }];
    const first = await generateText({ model, messages, tools });
    const call = first.toolCalls[0]!;
    expectThat(call.toolName === "get_weather", call);
    messages.push(...first.response.messages, {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: call.toolCallId,
          toolName: "get_weather",
          output: { type: "text", value: "-3°C" },
        },
      ],
    });
    const second = await generateText({ model, messages, tools });
    expectThat(second.text === "工具结果：-3°C", second.text);
  });
  await check(results, "abandoned_tool", async () => {
    const first = await generateText({ model, prompt: `weather in Rome ${tag}`, tools });
    expectThat(first.toolCalls.length === 1, first.toolCalls);
    // The app never runs the tool and goes on in the same conversation (the AI SDK itself refuses to
    // resend a call without its result, so it names the conversation instead).
    const conversation = first.response.headers?.["x-cyrene-conversation-id"];
    const second = await generateText({
      model,
      prompt: `算了 ${tag}`,
      tools,
      headers: { "x-cyrene-conversation-id": String(conversation) },
    });
    expectThat(second.text === `你说：算了 ${tag}`, second.text);
  });
  await check(results, "structured", async () => {
    const answer = await generateText({
      model,
      prompt: `json please ${tag}`,
      output: Output.object({ schema: jsonSchema<{ city: string; temp_c: number }>(answerSchema) }),
    });
    expectThat(answer.output.city === "Oslo", answer.output);
  });
  await check(results, "upstream_error", async () => {
    const failed = await generateText({ model, prompt: `fail ${tag}` }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expectThat(failed !== undefined && /failed/.test(failed.message), failed?.message);
  });
  return results;
}

/** The official ollama npm client against Cyrene's Ollama port. */
export async function runOllamaNpm(ollamaUrl: string, tag: string): Promise<Checks> {
  const ollama = new Ollama({ host: ollamaUrl });
  const weather = {
    type: "function",
    function: { name: "get_weather", description: "weather", parameters: weatherSchema },
  };
  const results: Checks = {};
  await check(results, "multi_turn", async () => {
    const messages = [{ role: "user", content: `你好 ${tag}` }];
    for (let turn = 0; turn < 3; turn++) {
      const answer = await ollama.chat({ model: "cyrene", messages });
      expectThat(answer.message.content === `你说：${messages.at(-1)!.content}`, answer.message.content);
      messages.push(answer.message, { role: "user", content: `第${turn}轮 ${tag}` });
    }
  });
  await check(results, "stream", async () => {
    let text = "";
    for await (const part of await ollama.chat({
      model: "cyrene",
      stream: true,
      messages: [{ role: "user", content: `流式 ${tag}` }],
    }))
      text += part.message.content;
    expectThat(text === `你说：流式 ${tag}`, text);
  });
  await check(results, "tools", async () => {
    const messages: { role: string; content: string; tool_name?: string }[] = [
      { role: "user", content: `weather in Oslo ${tag}` },
    ];
    const first = await ollama.chat({ model: "cyrene", messages, tools: [weather] });
    expectThat(first.message.tool_calls?.[0]?.function.name === "get_weather", first.message);
    messages.push(first.message, { role: "tool", content: "-3°C", tool_name: "get_weather" });
    const second = await ollama.chat({ model: "cyrene", messages, tools: [weather] });
    expectThat(second.message.content === "工具结果：-3°C", second.message.content);
  });
  await check(results, "abandoned_tool", async () => {
    const messages: { role: string; content: string }[] = [
      { role: "user", content: `weather in Rome ${tag}` },
    ];
    const first = await ollama.chat({ model: "cyrene", messages, tools: [weather] });
    messages.push(first.message, { role: "user", content: `算了 ${tag}` });
    const second = await ollama.chat({ model: "cyrene", messages, tools: [weather] });
    expectThat(second.message.content === `你说：算了 ${tag}`, second.message.content);
  });
  await check(results, "structured", async () => {
    const answer = await ollama.chat({
      model: "cyrene",
      messages: [{ role: "user", content: `json please ${tag}` }],
      format: answerSchema,
    });
    expectThat(
      (JSON.parse(answer.message.content) as { city: string }).city === "Oslo",
      answer.message.content,
    );
  });
  await check(results, "upstream_error", async () => {
    for (const stream of [false, true]) {
      const failed = await (async () => {
        if (!stream)
          return void (await ollama.chat({
            model: "cyrene",
            messages: [{ role: "user", content: `fail ${tag} ${stream}` }],
          }));
        for await (const part of await ollama.chat({
          model: "cyrene",
          stream: true,
          messages: [{ role: "user", content: `fail ${tag} ${stream}` }],
        }))
          void part;
      })().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expectThat(failed !== undefined && /failed/.test(failed.message), failed?.message);
    }
  });
  return results;
}
