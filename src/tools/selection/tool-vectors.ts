import { createHash } from "node:crypto";
import { normalized, type Embedder } from "../../knowledge/index.js";
import type { Logger } from "../../logging/logger.js";
import type { ToolDefinition } from "../contract.js";
import { nameWords } from "./terms.js";

/**
 * How long a turn waits for its request's embedding before choosing with BM25 alone. A local model answers
 * a short text in tens of milliseconds; a remote API in 100–300 ms. Longer than this, and the wait would cost
 * the user more than the better ranking gives (BM25 alone finds ≥ 95 % of the labelled set).
 */
export const QUERY_EMBEDDING_TIMEOUT_MS = 400;
/** After the tools' embeddings failed, they are asked for again on a later turn, not sooner than this. */
const RETRY_AFTER_MS = 60_000;
/** A request is embedded by its start, as BM25 reads it (terms.ts). */
const MAX_QUERY_CHARS = 2_000;
/** Vectors kept beyond the current list's (tools removed or redescribed): dropped past this many. */
const MAX_STALE = 1_000;

/**
 * The tools' embeddings, kept in memory by name and description hash, made in the background (in the
 * embedder's batches) when a list has tools without one, so a turn never waits for them. Until all of a
 * list's exist, its turns choose with BM25 alone.
 */
export class ToolVectors {
  private readonly vectors = new Map<string, Float32Array>();
  private readonly lists = new WeakMap<ToolDefinition[], Float32Array[]>();
  private making: Promise<void> | undefined;
  private failedAt = -Infinity;

  constructor(
    private readonly embedder: Pick<Embedder, "embed">,
    private readonly logger: Logger,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The unit vectors of `definitions`, in order, when all exist; otherwise undefined, and they are made. */
  of(definitions: ToolDefinition[]): Float32Array[] | undefined {
    const known = this.lists.get(definitions);
    if (known) return known;
    const keys = definitions.map(vectorKey);
    if (keys.every((key) => this.vectors.has(key))) {
      const list = keys.map((key) => this.vectors.get(key)!);
      this.lists.set(definitions, list);
      return list;
    }
    if (!this.making && this.now() - this.failedAt >= RETRY_AFTER_MS) {
      this.making = this.make(definitions, keys).finally(() => (this.making = undefined));
    }
    return undefined;
  }

  /** Settles when the vectors being made are done (or failed). */
  async settled(): Promise<void> {
    await this.making;
  }

  /** The unit vector of a request, or undefined after the time limit or an error (BM25 alone then). */
  async query(text: string, signal?: AbortSignal): Promise<Float32Array | undefined> {
    try {
      const [vector] = await this.embedder.embed(
        [text.slice(0, MAX_QUERY_CHARS)],
        signal,
        QUERY_EMBEDDING_TIMEOUT_MS,
      );
      return normalized(vector!);
    } catch (error) {
      this.logger.debug({ err: error }, "tool selection: no request embedding, BM25 alone");
      return undefined;
    }
  }

  private async make(definitions: ToolDefinition[], keys: string[]): Promise<void> {
    const missing = definitions.flatMap((d, i) => (this.vectors.has(keys[i]!) ? [] : [i]));
    try {
      const made = await this.embedder.embed(missing.map((i) => embeddingText(definitions[i]!)));
      if (this.vectors.size + made.length > keys.length + MAX_STALE) {
        const current = new Set(keys);
        for (const key of this.vectors.keys()) if (!current.has(key)) this.vectors.delete(key);
      }
      made.forEach((vector, j) => this.vectors.set(keys[missing[j]!]!, normalized(vector)));
    } catch (error) {
      this.failedAt = this.now();
      this.logger.debug({ err: error }, "tool selection: no tool embeddings now, BM25 alone");
    }
  }
}

/** What a tool is embedded as: its name in words and its description. */
export function embeddingText({ name, description }: ToolDefinition): string {
  return `${nameWords(name)}: ${description}`;
}

function vectorKey({ name, description }: ToolDefinition): string {
  return `${name}\0${createHash("sha256").update(description).digest("base64url")}`;
}
