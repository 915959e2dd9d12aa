import { configured } from "../config/load.js";
import type { Config } from "../config/schema.js";
import type { Logger } from "../logging/logger.js";
import { McpServerConnection, type ToolsListener } from "./connection.js";
import type { McpServerStatus } from "./mcp-tool.js";
import type { Backoff } from "./reconnect.js";
import { mcpServerSettings } from "./settings.js";

export type { Backoff } from "./reconnect.js";
export type { McpCallOutcome, McpServerStatus, McpTool, SkippedMcpTool } from "./mcp-tool.js";
export { HA_SERVER_NAME, mcpClientSecrets } from "./settings.js";
export { isPrefixPattern, serverOf } from "./tool-names.js";

/** Cyrene as an MCP client: the configured servers, whose tools tools/catalog.ts registers. */
export interface McpClients {
  /** The servers' names: the prefixes of their tools. */
  readonly names: string[];
  /** Connects every server in the background; a server that is down does not hold up the start. */
  start(onTools: ToolsListener): void;
  status(): McpServerStatus[];
  close(): Promise<void>;
}

export function createMcpClients(config: Config, logger: Logger, backoff?: Backoff): McpClients {
  const settings = configured('mcpClient.servers (CYRENE_MCP_SERVERS, option "mcp_servers")', () =>
    mcpServerSettings(config),
  );
  const log = logger.child({ component: "mcp-client" });
  let connections: McpServerConnection[] = [];
  return {
    names: settings.map((server) => server.name),
    start(onTools) {
      connections = settings.map((server) => new McpServerConnection(server, log, onTools, backoff));
      for (const connection of connections) connection.start();
    },
    status: () => connections.map((connection) => connection.status()),
    async close() {
      await Promise.all(connections.map((connection) => connection.close()));
    },
  };
}
