import { estimateTokens } from "../../knowledge/tokens.js";
import type { ToolDefinition } from "../contract.js";
import { Bm25 } from "./bm25.js";
import { requestTerms, toolTerms } from "./terms.js";

/** One policy's tool list, searchable: what each tool costs a request, and which tools a request is about. */
export class ToolIndex {
  /** About what each definition costs on the wire, in LLM tokens. */
  readonly tokens: number[];
  readonly totalTokens: number;
  readonly core: boolean[];
  private readonly bm25: Bm25;
  private readonly positions: Map<string, number>;

  constructor(
    readonly definitions: ToolDefinition[],
    isCore: (name: string) => boolean,
  ) {
    this.tokens = definitions.map(wireTokens);
    this.totalTokens = this.tokens.reduce((sum, n) => sum + n, 0);
    this.core = definitions.map((definition) => isCore(definition.name));
    this.bm25 = new Bm25(definitions.map((d) => toolTerms(d.name, d.description)));
    this.positions = new Map(definitions.map((d, i) => [d.name, i]));
  }

  position(name: string): number | undefined {
    return this.positions.get(name);
  }

  /** The positions of the tools a text is about, best first; only tools that share a term with it. */
  rank(text: string, include: (position: number) => boolean = () => true): number[] {
    const scores = this.bm25.scores(requestTerms(text));
    const ranked: number[] = [];
    scores.forEach((score, i) => {
      if (score > 0 && include(i)) ranked.push(i);
    });
    // Ties keep the registry's order.
    return ranked.sort((a, b) => scores[b]! - scores[a]! || a - b);
  }
}

/**
 * About what a definition costs as sent (`{"type":"function","function":…}`): for the built-in tools the
 * estimate is 2,557 where o200k counts 2,415, a little over, as a budget wants.
 */
export function wireTokens(definition: ToolDefinition): number {
  return estimateTokens(JSON.stringify({ type: "function", function: definition }));
}
