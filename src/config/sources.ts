/**
 * Where each configuration field can come from. A field is named by its dotted path in the schema;
 * `option` is the add-on option in /data/options.json, `env` the environment variable.
 */
export interface FieldSource {
  path: string;
  option?: string;
  env?: string;
  type: "string" | "int" | "float" | "seconds" | "minutes" | "bool" | "list" | "json";
}

export const FIELD_SOURCES: readonly FieldSource[] = [
  { path: "llm.baseUrl", option: "llm_base_url", env: "CYRENE_LLM_BASE_URL", type: "string" },
  { path: "llm.apiKey", option: "llm_api_key", env: "CYRENE_LLM_API_KEY", type: "string" },
  { path: "llm.model", option: "llm_model", env: "CYRENE_LLM_MODEL", type: "string" },
  { path: "llm.temperature", option: "llm_temperature", env: "CYRENE_LLM_TEMPERATURE", type: "float" },
  { path: "llm.maxRetries", option: "llm_max_retries", env: "CYRENE_LLM_MAX_RETRIES", type: "int" },
  {
    path: "llm.requestTimeoutMs",
    option: "llm_request_timeout_seconds",
    env: "CYRENE_LLM_REQUEST_TIMEOUT_SECONDS",
    type: "seconds",
  },
  {
    path: "llm.idleTimeoutMs",
    option: "llm_idle_timeout_seconds",
    env: "CYRENE_LLM_IDLE_TIMEOUT_SECONDS",
    type: "seconds",
  },
  { path: "server.port", env: "CYRENE_PORT", type: "int" },
  { path: "server.trustUserHeaders", env: "CYRENE_TRUST_USER_HEADERS", type: "bool" },
  {
    path: "server.showAllConversations",
    option: "show_all_conversations",
    env: "CYRENE_SHOW_ALL_CONVERSATIONS",
    type: "bool",
  },
  { path: "server.apiToken", option: "api_token", env: "CYRENE_API_TOKEN", type: "string" },
  { path: "dataDir", env: "CYRENE_DATA_DIR", type: "string" },
  { path: "assist.ollamaPort", env: "CYRENE_OLLAMA_PORT", type: "int" },
  { path: "assist.wyomingPort", env: "CYRENE_WYOMING_PORT", type: "int" },
  { path: "assist.host", env: "CYRENE_ASSIST_HOST", type: "string" },
  {
    path: "assist.allowNetworks",
    option: "assist_allow_networks",
    env: "CYRENE_ASSIST_ALLOW_NETWORKS",
    type: "list",
  },
  { path: "assist.languages", option: "assist_languages", env: "CYRENE_ASSIST_LANGUAGES", type: "list" },
  {
    path: "assist.deadlineMs",
    option: "assist_deadline_seconds",
    env: "CYRENE_ASSIST_DEADLINE_SECONDS",
    type: "seconds",
  },
  {
    path: "assist.spokenProgress",
    option: "assist_spoken_progress",
    env: "CYRENE_ASSIST_SPOKEN_PROGRESS",
    type: "bool",
  },
  { path: "ha.url", env: "CYRENE_HA_URL", type: "string" },
  { path: "ha.token", env: "CYRENE_HA_TOKEN", type: "string" },
  { path: "ha.exposeAll", option: "expose_all_entities", env: "CYRENE_HA_EXPOSE_ALL", type: "bool" },
  {
    path: "ha.sensitiveDomains",
    option: "sensitive_domains",
    env: "CYRENE_HA_SENSITIVE_DOMAINS",
    type: "list",
  },
  { path: "supervisorToken", env: "SUPERVISOR_TOKEN", type: "string" },
  { path: "supervisorUrl", env: "CYRENE_SUPERVISOR_URL", type: "string" },
  { path: "agent.maxRounds", option: "max_tool_rounds", env: "CYRENE_MAX_TOOL_ROUNDS", type: "int" },
  {
    path: "agent.toolTimeoutMs",
    option: "tool_timeout_seconds",
    env: "CYRENE_TOOL_TIMEOUT_SECONDS",
    type: "seconds",
  },
  { path: "tools.disabled", option: "tools_disabled", env: "CYRENE_TOOLS_DISABLED", type: "list" },
  { path: "mcp.tools", option: "mcp_tools", env: "CYRENE_MCP_TOOLS", type: "list" },
  // A JSON list in env: [{"name":"nas","url":"http://nas.lan:8000/mcp","token":"…","headers":{"X-Key":"…"}}]
  { path: "mcpClient.servers", option: "mcp_servers", env: "CYRENE_MCP_SERVERS", type: "json" },
  {
    path: "mcpClient.homeAssistant",
    option: "mcp_home_assistant",
    env: "CYRENE_MCP_HOME_ASSISTANT",
    type: "bool",
  },
  {
    path: "mcpClient.homeAssistantApi",
    option: "mcp_home_assistant_api",
    env: "CYRENE_MCP_HOME_ASSISTANT_API",
    type: "string",
  },
  {
    path: "agent.turnDeadlineMs",
    option: "turn_deadline_seconds",
    env: "CYRENE_TURN_DEADLINE_SECONDS",
    type: "seconds",
  },
  { path: "agent.systemPrompt", option: "system_prompt", env: "CYRENE_SYSTEM_PROMPT", type: "string" },
  {
    path: "network.allowHosts",
    option: "network_allow_hosts",
    env: "CYRENE_NETWORK_ALLOW_HOSTS",
    type: "list",
  },
  { path: "network.denyHosts", option: "network_deny_hosts", env: "CYRENE_NETWORK_DENY_HOSTS", type: "list" },
  {
    path: "network.allowPrivate",
    option: "network_allow_private",
    env: "CYRENE_NETWORK_ALLOW_PRIVATE",
    type: "bool",
  },
  {
    path: "reminders.notify",
    option: "reminder_notify_targets",
    env: "CYRENE_REMINDER_NOTIFY_TARGETS",
    type: "list",
  },
  {
    path: "reminders.speak",
    option: "reminder_speak_targets",
    env: "CYRENE_REMINDER_SPEAK_TARGETS",
    type: "list",
  },
  {
    path: "reminders.missedAfterMs",
    option: "reminder_missed_after_minutes",
    env: "CYRENE_REMINDER_MISSED_AFTER_MINUTES",
    type: "minutes",
  },
  { path: "reminders.snoozeMs", env: "CYRENE_REMINDER_SNOOZE_MINUTES", type: "minutes" },
  {
    path: "reminders.ttsEntity",
    option: "reminder_tts_entity",
    env: "CYRENE_REMINDER_TTS_ENTITY",
    type: "string",
  },
  { path: "thinker.enabled", option: "thinker_enabled", env: "CYRENE_THINKER_ENABLED", type: "bool" },
  { path: "thinker.tools", option: "thinker_tools", env: "CYRENE_THINKER_TOOLS", type: "list" },
  {
    path: "thinker.maxPerHour",
    option: "thinker_max_per_hour",
    env: "CYRENE_THINKER_MAX_PER_HOUR",
    type: "int",
  },
  {
    path: "thinker.maxTokensPerDay",
    option: "thinker_max_tokens_per_day",
    env: "CYRENE_THINKER_MAX_TOKENS_PER_DAY",
    type: "int",
  },
  {
    path: "thinker.dedupeMs",
    option: "thinker_dedupe_minutes",
    env: "CYRENE_THINKER_DEDUPE_MINUTES",
    type: "minutes",
  },
  { path: "thinker.quietHours", option: "quiet_hours", env: "CYRENE_QUIET_HOURS", type: "string" },
  { path: "thinker.schedule", option: "thinker_schedule", env: "CYRENE_THINKER_SCHEDULE", type: "string" },
  {
    path: "thinker.schedulePrompt",
    option: "thinker_schedule_prompt",
    env: "CYRENE_THINKER_SCHEDULE_PROMPT",
    type: "string",
  },
  { path: "thinker.satellite", option: "thinker_satellite", env: "CYRENE_THINKER_SATELLITE", type: "string" },
  { path: "thinker.watch", option: "thinker_watch", env: "CYRENE_THINKER_WATCH", type: "list" },
  {
    path: "thinker.watchDebounceMs",
    option: "thinker_watch_debounce_seconds",
    env: "CYRENE_THINKER_WATCH_DEBOUNCE_SECONDS",
    type: "seconds",
  },
  { path: "thinker.yieldMs", env: "CYRENE_THINKER_YIELD_SECONDS", type: "seconds" },
  {
    path: "embeddings.baseUrl",
    option: "embeddings_base_url",
    env: "CYRENE_EMBEDDINGS_BASE_URL",
    type: "string",
  },
  {
    path: "embeddings.apiKey",
    option: "embeddings_api_key",
    env: "CYRENE_EMBEDDINGS_API_KEY",
    type: "string",
  },
  { path: "embeddings.model", option: "embeddings_model", env: "CYRENE_EMBEDDINGS_MODEL", type: "string" },
  { path: "knowledge.maxDocumentMb", env: "CYRENE_KNOWLEDGE_MAX_DOCUMENT_MB", type: "float" },
  { path: "web.searxngUrl", option: "searxng_url", env: "CYRENE_SEARXNG_URL", type: "string" },
  { path: "web.searchLanguage", option: "search_language", env: "CYRENE_SEARCH_LANGUAGE", type: "string" },
  { path: "web.timeoutMs", env: "CYRENE_WEB_TIMEOUT_SECONDS", type: "seconds" },
  { path: "web.maxDownloadMb", env: "CYRENE_WEB_MAX_DOWNLOAD_MB", type: "float" },
  { path: "web.maxChars", env: "CYRENE_WEB_MAX_CHARS", type: "int" },
  { path: "timeZone", option: "time_zone", env: "CYRENE_TIME_ZONE", type: "string" },
  { path: "logLevel", option: "log_level", env: "CYRENE_LOG_LEVEL", type: "string" },
];

/** The names a user would recognise for a schema path, for error messages. */
export function describeField(path: string): string {
  const source = FIELD_SOURCES.find((s) => path === s.path || path.startsWith(`${s.path}.`));
  const names = [source?.env, source?.option && `option "${source.option}"`].filter(Boolean);
  return names.length ? `${path} (${names.join(", ")})` : path;
}

/**
 * The name a user sets a field by where Cyrene runs: in the add-on its option (`the "llm_api_key"
 * option`), standalone its environment variable (`CYRENE_LLM_API_KEY`). Messages that name a fix use it.
 */
export function settingName(path: string, addon: boolean): string {
  const source = FIELD_SOURCES.find((s) => s.path === path);
  if (!source) return path;
  if (addon && source.option) return `the "${source.option}" option`;
  return source.env ?? path;
}
