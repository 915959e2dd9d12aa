import { z } from "zod";
import type { IngestOutcome, KnowledgeBase } from "../../knowledge/index.js";
import type { FileAccess } from "../access.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { readRootFile } from "./read-root-file.js";

export interface KnowledgeIngestOptions {
  knowledge: KnowledgeBase;
  files: FileAccess;
  /** Largest file read from the folders (default 20 MiB). */
  maxFileBytes?: number;
}

const DESCRIPTION =
  "Save to the knowledge base (存入知识库/记住/保存资料): text, a URL or a file path (md, txt, html, pdf). " +
  'For a fact to remember (记住…) pass it as text with tags ["memory"]. The same title or source replaces it.';

/** Adds text, a web page or document, or a file from the file tool's folders to the knowledge base. */
export function knowledgeIngestTool(options: KnowledgeIngestOptions): Tool {
  const parameters = z.object({
    text: z.string().optional(),
    url: z.string().optional(),
    path: z.string().optional(),
    title: z.string().optional(),
    source: z.string().optional(),
    tags: z.array(z.string()).optional(),
  });
  const maxFileBytes = options.maxFileBytes ?? 20 * 2 ** 20;

  return defineTool({
    name: "knowledge_ingest",
    description: DESCRIPTION,
    parameters,
    // Reading a URL is a request out of the house: the side-door rule applies (tools/provenance/url-rule.ts).
    effects: (args) => (args.url?.trim() ? [{ kind: "send", url: args.url }] : []),
    async execute(args, ctx) {
      const given = [
        args.text?.trim() && "text",
        args.url?.trim() && "url",
        args.path?.trim() && "path",
      ].filter(Boolean);
      if (given.length !== 1) {
        throw new ToolError(
          given.length === 0
            ? "Give one of text, url or path: what to save (需要 text、url 或 path 之一)."
            : `Give only one of text, url or path, not ${given.join(" and ")}.`,
        );
      }
      const meta = { title: args.title, source: args.source, tags: args.tags, signal: ctx.signal };
      let outcome: IngestOutcome;
      if (args.text?.trim())
        outcome = await options.knowledge.ingest({ kind: "text", text: args.text, ...meta });
      else if (args.url?.trim())
        outcome = await options.knowledge.ingest({ kind: "url", url: args.url, ...meta });
      else {
        const file = await readRootFile(options.files, args.path!.trim(), maxFileBytes);
        outcome = await options.knowledge.ingest({
          kind: "bytes",
          origin: "file",
          data: file.data,
          name: file.display,
          ...meta,
        });
      }
      return present(outcome);
    },
  });
}

function present(outcome: IngestOutcome) {
  const { document } = outcome;
  return {
    status: outcome.status,
    id: document.id,
    title: document.title,
    source: document.source,
    ...(document.tags.length ? { tags: document.tags } : {}),
    passages: document.chunks,
    ...(outcome.notes.length ? { note: outcome.notes.join(" ") } : {}),
  };
}
