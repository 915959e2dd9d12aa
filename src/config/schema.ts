import ipaddr from "ipaddr.js";
import { z } from "zod";

const timeZone = z
  .string()
  .refine(isTimeZone, "must be an IANA time zone such as Asia/Shanghai or Europe/Berlin");
const hostEntry = z
  .string()
  .min(1)
  .refine(
    (entry) => !/^[^:[\]]+:\d+$/.test(entry),
    "list hosts without a port (e.g. nas.lan, not nas.lan:5000)",
  );

/**
 * One MCP server: its name (the prefix of its tools), its URL, a bearer token and headers (both secret), and
 * the transport it speaks.
 * Headers come as "Name: value" lines (the add-on's options have no maps) or as an object (JSON in env).
 */
const mcpServerSetting = z.object({
  name: z
    .string()
    .regex(/^[a-zA-Z0-9-]{1,20}$/, "must be 1–20 letters, digits or - (its tools are named <name>__<tool>)"),
  url: z.url(),
  token: z.string().optional(),
  headers: z
    .union([
      z.record(z.string(), z.string()),
      z.array(z.string().regex(/^[^:\s]+:.*$/, 'must be "Name: value"')),
    ])
    .optional()
    .transform((headers) =>
      Array.isArray(headers)
        ? Object.fromEntries(
            headers.map((line) => [
              line.slice(0, line.indexOf(":")).trim(),
              line.slice(line.indexOf(":") + 1).trim(),
            ]),
          )
        : (headers ?? {}),
    ),
  /** auto: Streamable HTTP, and the older HTTP+SSE when the server answers the first POST with a 4xx. */
  transport: z.enum(["auto", "streamable-http", "sse"]).default("auto"),
});

function isCidr(entry: string): boolean {
  try {
    if (entry.includes("/")) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return true;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const configSchema = z.object({
  llm: z.object({
    baseUrl: z.url(),
    apiKey: z.string().default(""),
    model: z.string().min(1),
    temperature: z.number().min(0).max(2).optional(),
    /** Retries of a request that failed before any output reached the user (429, 5xx, network). */
    maxRetries: z.number().int().min(0).max(10),
    /** Time allowed until the response headers arrive. */
    requestTimeoutMs: z.number().int().positive(),
    /** Time allowed between two stream chunks before the stream counts as stalled. */
    idleTimeoutMs: z.number().int().positive(),
  }),
  server: z.object({
    port: z.number().int().min(1).max(65535),
    host: z.string().min(1),
    apiToken: z.string().optional(),
    /** Trust X-Remote-User-* headers (the add-on's ingress proxy sets them). */
    trustUserHeaders: z.boolean(),
    /** Everyone behind ingress sees every conversation, not only their own. */
    showAllConversations: z.boolean(),
  }),
  /** The Home Assistant Assist hooks: an Ollama-compatible API and a Wyoming handle server. */
  assist: z.object({
    /** The Ollama-compatible API (and /v1) for HA's Ollama integration; 0 turns it off. */
    ollamaPort: z.number().int().min(0).max(65535),
    /** The Wyoming handle server for HA's Wyoming integration; 0 turns it off. */
    wyomingPort: z.number().int().min(0).max(65535),
    /** Where both listen: 127.0.0.1 outside the add-on, every interface inside it. */
    host: z.string().min(1),
    /** Sources that may use them without a token, besides loopback and (in the add-on) HA's network. */
    allowNetworks: z.array(
      z.string().refine(isCidr, "must be an address or CIDR such as 192.168.1.10 or 192.168.1.0/24"),
    ),
    /** Languages the Wyoming agent offers to HA's pipelines. */
    languages: z
      .array(
        z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "must be language tags such as en or zh-CN"),
      )
      .min(1),
    /** A voice turn answers within this long, whatever runs behind it. */
    deadlineMs: z.number().int().min(1_000),
    /** HA's conversation agent (Ollama port) says what a slow turn is doing while it runs. */
    spokenProgress: z.boolean(),
  }),
  reminders: z.object({
    /** Notify services every reminder goes to (besides the persistent notification), as `notify.<name>`. */
    notify: z.array(
      z
        .string()
        .regex(/^(notify\.)?[a-z0-9_]+$/, "must be notify services such as mobile_app_pixel")
        .transform((target) => (target.includes(".") ? target : `notify.${target}`)),
    ),
    /** Media players or Assist satellites every reminder is announced on. */
    speak: z.array(
      z
        .string()
        .regex(
          /^(media_player|assist_satellite)\.[a-z0-9_]+$/,
          "must be media_player.* or assist_satellite.* entities",
        ),
    ),
    /** A reminder later than this (Cyrene or HA was down) is delivered as missed. */
    missedAfterMs: z.number().int().min(60_000),
    /** How long the phone's Snooze button puts a reminder off (default 10 min). */
    snoozeMs: z.number().int().min(1_000).max(86_400_000).optional(),
    /** The TTS engine for spoken reminders on media players; default: the first one HA has. */
    ttsEntity: z
      .string()
      .regex(/^tts\.[a-z0-9_]+$/, "must be a tts.* entity")
      .optional(),
  }),
  thinker: z.object({
    /** Thinking on its own when an automation, the schedule or a watched device asks. */
    enabled: z.boolean(),
    /** The tools a thought may use (its AutonomousToolPolicy, tools/policy.ts). */
    tools: z.array(
      z
        .string()
        .regex(
          /^([a-z_]+|[a-zA-Z0-9_-]+__([a-zA-Z0-9_-]+|\*))$/,
          "must be tool names such as iot_query, or an MCP server's tools as ha__HassTurnOn or ha__*",
        ),
    ),
    maxPerHour: z.number().int().min(0),
    maxTokensPerDay: z.number().int().min(0),
    dedupeMs: z.number().int().min(0),
    /** "22:30-07:00": no notifications or announcements then; "off" for none. */
    quietHours: z
      .string()
      .refine(
        (text) =>
          /^(off|none)$/i.test(text.trim()) || /^\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}$/.test(text.trim()),
        "must look like 22:30-07:00, or be off",
      ),
    schedule: z.string().optional(),
    schedulePrompt: z.string().min(1),
    /** The Assist satellite a thought speaks on when the room it is about has no available one. */
    satellite: z
      .string()
      .regex(/^assist_satellite\.[a-z0-9_]+$/, "must be an assist_satellite.* entity")
      .optional(),
    watch: z.array(z.string().min(1)),
    watchDebounceMs: z.number().int().min(0),
    /** How long nobody must have been talking before a thought runs. */
    yieldMs: z.number().int().min(0),
  }),
  /** Made absolute when loaded: tools that confine themselves to folders under it need absolute roots. */
  dataDir: z.string().min(1),
  /** Cyrene as an MCP server (/mcp): the `mcp` policy's whitelist; unset, every tool but file and http. */
  mcp: z.object({
    tools: z.array(z.string().regex(/^[a-z_]+$/, "must be tool names such as reminder_create")).optional(),
  }),
  /** Cyrene as an MCP client: the servers whose tools join the registry as `<name>__<tool>`. */
  mcpClient: z.object({
    servers: z.array(mcpServerSetting),
    /** Home Assistant's own `mcp_server` (its Assist tools) as the server `ha`. */
    homeAssistant: z.boolean(),
    /**
     * One of HA's LLM APIs by its id ("assist"), served at /api/mcp/<id> (HA 2026.8+), instead of the APIs
     * HA's MCP Server entry serves at /api/mcp.
     */
    homeAssistantApi: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be the id of one of HA's LLM APIs, such as assist")
      .optional(),
  }),
  ha: z.object({
    url: z.url().optional(),
    token: z.string().optional(),
    /** Show the LLM every entity, not only those exposed to Assist in Home Assistant. */
    exposeAll: z.boolean(),
    /** Domains whose every action needs the user's confirmation in a following turn. */
    sensitiveDomains: z.array(
      z.string().regex(/^[a-z_]+$/, "must be a domain such as lock or alarm_control_panel"),
    ),
  }),
  /** Where the add-on options were read from (kept out of the file tool's reach). */
  optionsPath: z.string(),
  /** Set when running as a Home Assistant add-on (the Supervisor gives us a token). */
  supervisorToken: z.string().optional(),
  /** The Supervisor's API (discovery, the HA proxy); only tests change it. */
  supervisorUrl: z.url(),
  agent: z.object({
    maxRounds: z.number().int().min(1).max(20),
    toolTimeoutMs: z.number().int().positive(),
    /** Hard limit for a tool that went on in the background. */
    backgroundTimeoutMs: z.number().int().positive(),
    /** A turn is stopped after this long and the user gets what exists. */
    turnDeadlineMs: z.number().int().min(1_000, "must be at least 1 second"),
    systemPrompt: z.string().optional(),
    /** Largest tool result (in characters) handed to the LLM. */
    maxToolResultChars: z.number().int().min(500),
  }),
  tools: z.object({
    /** Tools the user switched off: neither offered to the LLM nor run. */
    disabled: z.array(z.string().regex(/^[a-z_]+$/, "must be tool names such as http or file")),
  }),
  network: z.object({
    /** Hosts, wildcards (`*.lan`) or CIDRs that http/web_fetch may reach even on the LAN or loopback. */
    allowHosts: z.array(hostEntry),
    denyHosts: z.array(hostEntry),
    /** Let http/web_fetch reach private LAN addresses without listing them. */
    allowPrivate: z.boolean(),
  }),
  /** An OpenAI-compatible /embeddings endpoint for the knowledge base's vectors; none by default (full text alone). */
  embeddings: z
    .object({
      baseUrl: z.url().optional(),
      apiKey: z.string().default(""),
      model: z.string().min(1).optional(),
    })
    .refine((e) => !e.baseUrl || e.model, { message: "is needed with embeddings.baseUrl", path: ["model"] }),
  knowledge: z.object({
    /** Largest document (text, download, file or upload) the knowledge base takes. */
    maxDocumentMb: z.number().positive().max(200),
  }),
  web: z.object({
    searxngUrl: z.url().optional(),
    searchLanguage: z.string().optional(),
    timeoutMs: z.number().int().positive(),
    maxDownloadMb: z.number().positive().max(100),
    /** Characters of page or response text handed to the LLM. */
    // Calls may ask for 2.5× this; it must stay inside agent.maxToolResultChars.
    maxChars: z.number().int().min(500).max(8_000),
  }),
  timeZone: timeZone.optional(),
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
});

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;
