import type { ChatMessage } from "../../llm/messages.js";
import { fail, ok, type ToolDefinition, type ToolResult } from "../contract.js";
import type { ToolPolicy } from "../policy.js";
import type { ToolCall, ToolRegistry } from "../registry.js";
import { FIND_TOOLS, findToolsDefinition } from "./find-tools.js";
import { ToolIndex, wireTokens } from "./tool-index.js";
import type { ToolVectors } from "./tool-vectors.js";

export interface ToolSelectionOptions {
  /** Tool definitions of one request, in estimated tokens: a tool list that fits is offered whole. */
  budgetTokens: number;
  /** At most this many tools chosen for a turn's message. */
  relevant: number;
  /** At most this many tools in one answer of the meta-tool. */
  found: number;
}

export const TOOL_SELECTION: ToolSelectionOptions = { budgetTokens: 3_200, relevant: 5, found: 6 };

/** The tools' unit embeddings and a way to embed a text: `find_tools` ranks with both when they exist. */
interface Similarity {
  tools: Float32Array[];
  query(text: string): Promise<Float32Array | undefined>;
}

/**
 * Which tools each request offers. A tool list that fits the budget is offered whole, the registry's own
 * array, so nothing changes for it. A longer one (MCP servers add dozens) is cut per turn to the core (the
 * built-in tools), the tools called earlier in the conversation, the tools the turn's message is about
 * (BM25 over names and descriptions), and `find_tools`, which offers more by need from the next round.
 * The order is always the registry's, core first and `find_tools` right after it, so the cached request
 * prefix reaches up to the first tool that differs. With embeddings configured (`vectors`), the turn's
 * message is ranked by BM25 and embedding similarity fused, once the tools' embeddings exist; so are the
 * model's `find_tools` queries of that turn.
 */
export class ToolSelection {
  private readonly indexes = new WeakMap<ToolDefinition[], ToolIndex>();

  constructor(
    private readonly registry: Pick<ToolRegistry, "definitions" | "isCore">,
    private readonly options: ToolSelectionOptions = TOOL_SELECTION,
    private readonly vectors?: ToolVectors,
  ) {}

  /** The index of what `policy` may use (rebuilt when the registry's list changes). */
  index(policy: ToolPolicy): ToolIndex {
    const definitions = this.registry.definitions(policy);
    let index = this.indexes.get(definitions);
    if (!index) {
      index = new ToolIndex(definitions, (name) => this.registry.isCore(name));
      this.indexes.set(definitions, index);
    }
    return index;
  }

  /**
   * `forTurn`, with the message's embedding when the list is cut and the tools' embeddings exist: one call,
   * within `QUERY_EMBEDDING_TIMEOUT_MS`, else BM25 alone. A list that fits makes no call.
   */
  async forTurnAsync(policy: ToolPolicy, messages: ChatMessage[], signal?: AbortSignal): Promise<TurnTools> {
    const index = this.index(policy);
    const tools =
      this.vectors && index.totalTokens > this.options.budgetTokens && this.vectors.of(index.definitions);
    if (!tools) return this.forTurn(policy, messages);
    const vectors = this.vectors!;
    const query = await vectors.query(lastUserText(messages), signal);
    return this.forTurn(policy, messages, query && { query, tools }, {
      tools,
      query: (text) => vectors.query(text, signal),
    });
  }

  /** The tools of one turn, chosen from its messages (the history, the note, the new message). */
  forTurn(
    policy: ToolPolicy,
    messages: ChatMessage[],
    vectors?: { query: Float32Array; tools: Float32Array[] },
    similarity?: Similarity,
  ): TurnTools {
    const index = this.index(policy);
    if (index.totalTokens <= this.options.budgetTokens) return new TurnTools(index);
    const offered = new Set<number>();
    index.core.forEach((core, i) => core && offered.add(i));
    for (const name of calledTools(messages)) {
      const position = index.position(name);
      if (position !== undefined) offered.add(position);
    }
    let spent = wireTokens(findToolsDefinition);
    for (const i of offered) spent += index.tokens[i]!;
    const chosen = index
      .rank(lastUserText(messages), (i) => !offered.has(i), vectors)
      .slice(0, this.options.relevant);
    for (const i of chosen) {
      if (spent + index.tokens[i]! > this.options.budgetTokens) continue;
      offered.add(i);
      spent += index.tokens[i]!;
    }
    return new TurnTools(index, { offered, found: this.options.found, similarity });
  }
}

/** One turn's offer: grows when the model asks `find_tools` for more. */
export class TurnTools {
  private list: ToolDefinition[];

  constructor(
    private readonly index: ToolIndex,
    private readonly selection?: { offered: Set<number>; found: number; similarity?: Similarity },
  ) {
    this.list = selection ? this.build() : index.definitions;
  }

  /** The tools of the next request: the same array until the set changes. */
  definitions(): ToolDefinition[] {
    return this.list;
  }

  /** The meta-tool's answer, when the call is to it (and it is offered); otherwise undefined. */
  answer(call: ToolCall): ToolResult | Promise<ToolResult> | undefined {
    if (!this.selection || call.name !== FIND_TOOLS) return undefined;
    let query: unknown;
    try {
      query = (JSON.parse(call.arguments) as { query?: unknown }).query;
    } catch {
      query = undefined;
    }
    if (typeof query !== "string" || !query.trim())
      return fail('find_tools needs {"query": "what the tool should do"}.');
    const similarity = this.selection.similarity;
    if (!similarity) return this.find(query);
    return similarity
      .query(query)
      .then((vector) => this.find(query, vector && { query: vector, tools: similarity.tools }));
  }

  private find(query: string, vectors?: { query: Float32Array; tools: Float32Array[] }): ToolResult {
    const { offered, found } = this.selection!;
    const matches = this.index.rank(query, (i) => !offered.has(i), vectors).slice(0, found);
    for (const i of matches) offered.add(i);
    if (matches.length > 0) this.list = this.build();
    const tools = matches.map((i) => {
      const { name, description } = this.index.definitions[i]!;
      return { name, description };
    });
    return ok(
      tools.length > 0
        ? { tools, note: "These tools can be called from your next step." }
        : { tools, note: "No other tool matches; try other words, or answer with the tools you have." },
    );
  }

  private build(): ToolDefinition[] {
    const { definitions, core } = this.index;
    const offered = this.selection!.offered;
    const pick = (wantCore: boolean) => definitions.filter((_, i) => core[i] === wantCore && offered.has(i));
    return [...pick(true), findToolsDefinition, ...pick(false)];
  }
}

/** The tools the conversation's assistant messages called, in order of first call. */
function calledTools(messages: ChatMessage[]): Set<string> {
  const names = new Set<string>();
  for (const message of messages) {
    if (message.role !== "assistant" || !message.tool_calls) continue;
    for (const call of message.tool_calls) if (call.type === "function") names.add(call.function.name);
  }
  return names;
}

function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== "user") continue;
    if (typeof message.content === "string") return message.content;
    return message.content.map((part) => (part.type === "text" ? part.text : "")).join(" ");
  }
  return "";
}
