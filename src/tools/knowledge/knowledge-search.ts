import { z } from "zod";
import type { KnowledgeBase } from "../../knowledge/index.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { clip } from "../../text/clip.js";

export interface KnowledgeSearchOptions {
  knowledge: KnowledgeBase;
  /** Characters of each passage shown (default 1,200). */
  maxPassageChars?: number;
}

const DESCRIPTION =
  "Search the knowledge base the user filled (查资料/知识库/说明书/手册/笔记/菜谱): manuals, notes, saved pages. " +
  "Cite the title or source you used.";

const TOP_K_HINT = "top_k is how many passages to return, 1 to 10";

/** Finds passages in the knowledge base, with what it takes to cite them. */
export function knowledgeSearchTool(options: KnowledgeSearchOptions): Tool {
  const maxChars = options.maxPassageChars ?? 1_200;
  const parameters = z.object({
    query: z.string(),
    top_k: z.number().int(TOP_K_HINT).min(1, TOP_K_HINT).max(10, TOP_K_HINT).optional(),
    tag: z.string().optional(),
    source: z.string().optional(),
  });

  return defineTool({
    name: "knowledge_search",
    description: DESCRIPTION,
    parameters,
    untrustedOutput: true,
    async execute(args, ctx) {
      if (!args.query.trim()) throw new ToolError("query is empty: say what to look for.");
      const found = await options.knowledge.search({
        query: args.query,
        topK: args.top_k ?? 5,
        tag: args.tag?.trim() || undefined,
        source: args.source?.trim() || undefined,
        signal: ctx.signal,
      });
      const results = found.passages.map((passage) => ({
        title: passage.title,
        source: passage.source,
        ...(passage.heading ? { section: passage.heading } : {}),
        score: passage.score,
        text: clip(passage.text, maxChars),
      }));
      if (results.length === 0) {
        const { documents } = options.knowledge.store.counts();
        return {
          results,
          note: documents
            ? "Nothing in the knowledge base matches; try other words."
            : "The knowledge base is empty: nothing has been saved yet.",
        };
      }
      return { results, ...(found.note ? { note: found.note } : {}) };
    },
  });
}
