import type OpenAI from "openai";
import { lazy } from "../lazy.js";
import { loadSdk } from "../llm/sdk.js";

export interface EmbeddingsOptions {
  /** An OpenAI-compatible API: its `/embeddings` endpoint is used (Ollama, SiliconFlow, OpenAI, …). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request (default 30 s for documents; a query gets `queryTimeoutMs`). */
  timeoutMs?: number;
  /** A search waits this long for its query's embedding, then goes on with full text alone (default 5 s). */
  queryTimeoutMs?: number;
  /** Texts per request (default 16: some providers allow no more than 32). */
  batchSize?: number;
  /** Query vectors remembered (default 256; 0 for none, as the bench measures). */
  queryCacheSize?: number;
}

export class EmbeddingError extends Error {
  override name = "EmbeddingError";
}

/** A text sent to be embedded is cut to this many characters (a chunk is far shorter; a query too). */
const MAX_INPUT_CHARS = 4_000;

/** Embeds texts through an OpenAI-compatible `/embeddings` endpoint, in bounded batches. */
export class Embedder {
  /** The SDK's client and its error class, made with the first request (see llm/sdk.ts). */
  private readonly sdk = lazy(async () => {
    const { OpenAI } = await loadSdk();
    const client = new OpenAI({
      baseURL: this.options.baseUrl,
      apiKey: this.options.apiKey || "none",
      maxRetries: 1,
      timeout: this.options.timeoutMs ?? 30_000,
    });
    return { client, APIError: OpenAI.APIError };
  });
  private readonly cache = new Map<string, Float32Array>();

  constructor(private readonly options: EmbeddingsOptions) {}

  get model(): string {
    return this.options.model;
  }

  /** One vector per text, in order. Throws EmbeddingError. */
  async embed(texts: string[], signal?: AbortSignal, timeoutMs?: number): Promise<Float32Array[]> {
    const size = this.options.batchSize ?? 16;
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += size) {
      const batch = texts.slice(start, start + size).map((text) => text.slice(0, MAX_INPUT_CHARS) || " ");
      out.push(...(await this.request(batch, signal, timeoutMs)));
    }
    return out;
  }

  /** The vector of a search query; recent ones are remembered. */
  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const [vector] = await this.embed([text], signal, this.options.queryTimeoutMs ?? 5_000);
    const size = this.options.queryCacheSize ?? 256;
    if (size > 0) this.cache.set(text, vector!);
    if (this.cache.size > size) this.cache.delete(this.cache.keys().next().value!);
    return vector!;
  }

  private async request(input: string[], signal?: AbortSignal, timeoutMs?: number): Promise<Float32Array[]> {
    const { client, APIError } = await this.sdk().catch((error: unknown) => {
      throw new EmbeddingError(`The OpenAI SDK could not be loaded: ${describe(error)}`);
    });
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await client.embeddings.create(
        { model: this.options.model, input, encoding_format: "float" },
        { signal, ...(timeoutMs ? { timeout: timeoutMs, maxRetries: 0 } : {}) },
      );
    } catch (error) {
      throw new EmbeddingError(`The embeddings endpoint failed: ${describe(error, APIError)}`);
    }
    const data = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
    if (data.length !== input.length) {
      throw new EmbeddingError(
        `The embeddings endpoint answered ${data.length} vectors for ${input.length} texts.`,
      );
    }
    return data.map((item) => {
      const values = item.embedding as unknown;
      if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== "number")) {
        throw new EmbeddingError("The embeddings endpoint answered something other than vectors of numbers.");
      }
      return Float32Array.from(values as number[]);
    });
  }
}

function describe(error: unknown, APIError?: typeof OpenAI.APIError): string {
  if (APIError && error instanceof APIError) return `${error.status ?? "no status"} ${error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}
