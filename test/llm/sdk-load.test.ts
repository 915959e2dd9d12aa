import { describe, expect, it, vi } from "vitest";
import { Embedder, EmbeddingError } from "../../src/knowledge/embeddings.js";
import { LlmClient } from "../../src/llm/client.js";
import { LlmError } from "../../src/llm/errors.js";

// A broken install: the SDK, loaded with the first request (src/llm/sdk.ts), is not there.
vi.mock("openai", () => {
  throw new Error("Cannot find package 'openai'");
});

describe("the OpenAI SDK loaded on first use", () => {
  it("fails a request with an LlmError that says so, and tells the health view, when it can't be loaded", async () => {
    const failed: string[] = [];
    const client = new LlmClient({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "",
      model: "m",
      maxRetries: 2,
      requestTimeoutMs: 1000,
      idleTimeoutMs: 1000,
      health: { succeeded: () => {}, failed: (message: string) => failed.push(message) } as never,
    });
    const error = await client.complete({ messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error.kind).toBe("server");
    expect(error.message).toMatch(/OpenAI SDK could not be loaded/);
    expect(failed).toEqual([error.message]);
  });

  it("fails an embedding with an EmbeddingError that says so", async () => {
    const embedder = new Embedder({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "", model: "e" });
    const error = await embedder.embed(["hi"]).catch((e) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.message).toMatch(/OpenAI SDK could not be loaded/);
  });
});
