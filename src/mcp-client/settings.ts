import type { Config } from "../config/schema.js";
import type { McpTransportSetting } from "./transport.js";

/** One MCP server Cyrene connects to: its tools are registered as `<name>__<tool>`. */
export interface McpServerSettings {
  name: string;
  url: string;
  /** Sent as `Authorization: Bearer <token>`; never logged. */
  token?: string;
  headers: Record<string, string>;
  /** Which transport to speak: auto tries Streamable HTTP first and falls back to the older HTTP+SSE. */
  transport: McpTransportSetting;
  /** Its results are text from outside Cyrene's house (not Home Assistant's own server). */
  untrusted: boolean;
}

/** The name Home Assistant's own `mcp_server` gets: its tools are ha__HassTurnOn, ha__GetLiveContext… */
export const HA_SERVER_NAME = "ha";

/**
 * The servers to connect to: the configured ones, and Home Assistant's `mcp_server` (its Streamable HTTP
 * endpoint, /api/mcp) when switched on: an explicit HA URL and long-lived token win (standalone), else the
 * Supervisor's proxy to HA Core with the Supervisor token (the add-on).
 */
export function mcpServerSettings(config: Config): McpServerSettings[] {
  const servers: McpServerSettings[] = config.mcpClient.servers.map((server) => ({
    ...server,
    untrusted: true,
  }));
  if (config.mcpClient.homeAssistant) {
    const ha = homeAssistantServer(config);
    if (ha) servers.unshift(ha);
  }
  const names = servers.map((server) => server.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length)
    throw new Error(`MCP server name ${twice.join(", ")} is used twice (it prefixes its tools)`);
  return servers;
}

function homeAssistantServer(config: Config): McpServerSettings | undefined {
  const { url, token } = config.ha;
  // HA's /api/mcp speaks Streamable HTTP only (its older SSE endpoint is another path): no fallback to try.
  const ha = { name: HA_SERVER_NAME, headers: {}, transport: "streamable-http", untrusted: false } as const;
  // HA 2026.8+ serves each LLM API at /api/mcp/<id> beside the MCP Server entry's choice at /api/mcp.
  const endpoint = config.mcpClient.homeAssistantApi
    ? `api/mcp/${config.mcpClient.homeAssistantApi}`
    : "api/mcp";
  if (url && token) return { ...ha, url: haMcpUrl(url, endpoint), token };
  if (config.supervisorToken) {
    const base = config.supervisorUrl.replace(/\/+$/, "");
    return { ...ha, url: `${base}/core/${endpoint}`, token: config.supervisorToken };
  }
  return undefined;
}

/** http(s)://host:8123[/prefix] (or its ws(s) form) → http(s)://host:8123[/prefix]/<endpoint>. */
function haMcpUrl(haUrl: string, endpoint: string): string {
  const parsed = new URL(haUrl);
  if (parsed.protocol === "ws:") parsed.protocol = "http:";
  if (parsed.protocol === "wss:") parsed.protocol = "https:";
  const path = parsed.pathname.replace(/\/+$/, "").replace(/\/api\/websocket$/, "");
  parsed.pathname = `${path}/${endpoint}`;
  parsed.search = "";
  parsed.hash = "";
  return parsed.toString();
}

/** Header names whose values are credentials. */
const SECRET_HEADER = /auth|key|token|secret|cookie|pass|session/i;

/**
 * The MCP servers' tokens and credential headers' values: scrubbed from the log and from what tools send
 * out (other header values, such as an Accept type, are not secrets and would garble every line).
 */
export function mcpClientSecrets(config: Config): string[] {
  return config.mcpClient.servers.flatMap((server) => [
    ...(server.token ? [server.token] : []),
    ...Object.entries(server.headers)
      .filter(([name]) => SECRET_HEADER.test(name))
      .map(([, value]) => value),
  ]);
}
