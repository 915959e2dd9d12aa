import { join } from "node:path";
import { configured } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { createNetworkGuard, type NetworkGuard } from "../net/guard.js";
import { resolveRoots, type Root } from "./general/file/roots.js";
import { mcpClientSecrets } from "../mcp-client/index.js";

/** Where the file tool and the knowledge base may use files: the folders, and paths never touched inside them. */
export interface FileAccess {
  /** The first is where relative paths lead. */
  roots: Root[];
  /** Never read, written, listed or deleted, even inside a root (options.json, the database). */
  protectedPaths: string[];
}

/** What the tools may reach, built once and shared by every tool and the knowledge base. */
export interface ToolAccess {
  /** The network rules of http, web_fetch, web_search and of URLs added to the knowledge base. */
  guard: NetworkGuard;
  files: FileAccess;
}

export function toolAccess(config: Config, databasePath: string): ToolAccess {
  return {
    guard: configured("network.allowHosts / network.denyHosts", () => networkGuard(config)),
    files: fileAccess(config, databasePath),
  };
}

/** Every secret Cyrene holds is scrubbed from what a tool sends out. */
function networkGuard(config: Config): NetworkGuard {
  const secrets = [
    config.supervisorToken,
    config.ha.token,
    config.llm.apiKey,
    config.server.apiToken,
    config.embeddings.apiKey,
    ...mcpClientSecrets(config),
  ];
  return createNetworkGuard({
    ...config.network,
    allowSupervisor: false,
    secretsToScrub: secrets.filter((secret): secret is string => Boolean(secret)),
  });
}

/** The data folder's files/, and in the add-on /share/cyrene; the settings and the database are protected. */
function fileAccess(config: Config, databasePath: string): FileAccess {
  const roots = [join(config.dataDir, "files")];
  if (config.supervisorToken) roots.push("/share/cyrene");
  return {
    roots: resolveRoots(roots),
    protectedPaths: [config.optionsPath, databasePath, `${databasePath}-wal`, `${databasePath}-shm`],
  };
}
