/** What Cyrene says once at start: where to reach it and what is on, in one line. */
export interface StartFacts {
  version: string;
  addon: boolean;
  host: string;
  port: number;
  /** 0 when the listener is off. */
  ollamaPort: number;
  wyomingPort: number;
  assistHost: string;
  model: string;
  llmHost: string;
  /** "add-on", a standalone URL, or undefined when HA is not configured. */
  homeAssistant?: string;
  toolsOffered: number;
  notConfigured: string[];
  disabled: string[];
  thinker: boolean;
  vectorSearch: boolean;
}

/**
 * `Cyrene is listening on http://127.0.0.1:8099/ · Assist: Ollama API 127.0.0.1:11434, Wyoming
 * 127.0.0.1:10600 · LLM deepseek-v4-flash at api.deepseek.com · Home Assistant http://ha.lan:8123 · 13
 * tools (not configured: web_search) · vector search off · thinker on · v0.1.0`. The message starts "Cyrene is listening" (the
 * add-on's docs tell users to look for it).
 */
export function startLine(facts: StartFacts): string {
  const web = facts.addon
    ? `Home Assistant's sidebar (ingress, port ${facts.port})`
    : urlOf(facts.host, facts.port);
  const listeners = [
    facts.ollamaPort ? `Ollama API ${hostPort(facts.assistHost, facts.ollamaPort)}` : undefined,
    facts.wyomingPort ? `Wyoming ${hostPort(facts.assistHost, facts.wyomingPort)}` : undefined,
  ].filter(Boolean);
  const left = [
    facts.notConfigured.length ? `not configured: ${facts.notConfigured.join(", ")}` : undefined,
    facts.disabled.length ? `switched off: ${facts.disabled.join(", ")}` : undefined,
  ].filter(Boolean);
  return [
    `Cyrene is listening on ${web}`,
    `Assist: ${listeners.length ? listeners.join(", ") : "off"}`,
    `LLM ${facts.model} at ${facts.llmHost}`,
    `Home Assistant ${facts.homeAssistant ?? "not configured"}`,
    `${facts.toolsOffered} tools${left.length ? ` (${left.join("; ")})` : ""}`,
    `vector search ${facts.vectorSearch ? "on" : "off"}`,
    `thinker ${facts.thinker ? "on" : "off"}`,
    `v${facts.version}`,
  ].join(" · ");
}

/** A URL a terminal makes clickable; a wildcard address is reached on this machine as localhost. */
function urlOf(host: string, port: number): string {
  return `http://${hostPort(host === "0.0.0.0" || host === "::" ? "localhost" : host, port)}/`;
}

function hostPort(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}
