import type { Knowledge } from "../../knowledge/index.js";
import type { HomeTime } from "../../time/home-time.js";
import type { FileAccess } from "../access.js";
import type { Tool } from "../contract.js";
import { knowledgeIngestTool } from "./knowledge-ingest.js";
import { knowledgeSearchTool } from "./knowledge-search.js";
import { memorySearchTool } from "./memory-search.js";

export interface KnowledgeToolsOptions {
  knowledge: Pick<Knowledge, "base" | "memory" | "maxDocumentBytes">;
  files: FileAccess;
  time: HomeTime;
}

/** knowledge_ingest, knowledge_search and memory_search. */
export function knowledgeTools(options: KnowledgeToolsOptions): Tool[] {
  const { base, memory, maxDocumentBytes } = options.knowledge;
  return [
    knowledgeIngestTool({ knowledge: base, files: options.files, maxFileBytes: maxDocumentBytes }),
    knowledgeSearchTool({ knowledge: base }),
    memorySearchTool({ memory, time: options.time }),
  ];
}
