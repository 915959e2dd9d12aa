import { join } from "node:path";
import type { Config } from "../../config/schema.js";
import type { KnowledgeBase, MemorySearch } from "../../knowledge/index.js";
import { createNetworkGuard, type NetworkGuard } from "../../net/index.js";
import type { Tool } from "../contract.js";
import { resolveRoots } from "../general/file/roots.js";
import { knowledgeIngestTool } from "./knowledge-ingest.js";
import { knowledgeSearchTool } from "./knowledge-search.js";
import { memorySearchTool } from "./memory-search.js";
import type { FileAccess } from "./read-root-file.js";

/** The network rules of http and web_fetch, for URLs added to the knowledge base. */
export function knowledgeGuard(config: Config): NetworkGuard {
  const secrets = [
    config.supervisorToken,
    config.ha.token,
    config.llm.apiKey,
    config.server.apiToken,
    config.embeddings.apiKey,
  ];
  return createNetworkGuard({
    ...config.network,
    allowSupervisor: false,
    secretsToScrub: secrets.filter((secret): secret is string => Boolean(secret)),
  });
}

/** The file tool's folders and protected paths (as tools/built-in.ts gives them to the file tool). */
export function knowledgeFileAccess(config: Config, databasePath: string): FileAccess {
  const roots = [join(config.dataDir, "files")];
  if (config.supervisorToken) roots.push("/share/cyrene");
  return {
    roots: resolveRoots(roots),
    protectedPaths: [config.optionsPath, databasePath, `${databasePath}-wal`, `${databasePath}-shm`],
  };
}

export interface KnowledgeToolsOptions {
  knowledge: KnowledgeBase;
  memory: MemorySearch;
  /** Whose a conversation is (ConversationStore.ownerOf), for memory_search. */
  ownerOf: (conversationId: string) => string | undefined;
  files: FileAccess;
  zone: () => string;
  clock?: () => Date;
  maxFileBytes: number;
}

/** knowledge_ingest, knowledge_search and memory_search. */
export function knowledgeTools(options: KnowledgeToolsOptions): Tool[] {
  return [
    knowledgeIngestTool({
      knowledge: options.knowledge,
      files: options.files,
      maxFileBytes: options.maxFileBytes,
    }),
    knowledgeSearchTool({ knowledge: options.knowledge }),
    memorySearchTool({
      memory: options.memory,
      ownerOf: options.ownerOf,
      zone: options.zone,
      clock: options.clock,
    }),
  ];
}
