/** The configuration fields the HA connection reads (a slice of the app config). */
export interface HaConfigSlice {
  ha: { url?: string; token?: string; exposeAll: boolean };
  supervisorToken?: string;
  /** The Supervisor's API, http://supervisor unless tests point it at a stand-in. */
  supervisorUrl?: string;
}

export interface HaConnectionSettings {
  /** The exact websocket URL to open. */
  wsUrl: string;
  /** Where HA's REST API is (its `/api/...` paths follow): HA's own URL, or the Supervisor's Core proxy. */
  apiUrl: string;
  token: string;
  mode: "addon" | "standalone";
  exposeAll: boolean;
}

/** What the Supervisor proxies to HA Core for add-ons with `homeassistant_api: true`: <supervisor>/core/websocket. */
export function supervisorWsUrl(supervisorUrl: string): string {
  const url = new URL(supervisorUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/core/websocket`;
  return url.toString();
}

/**
 * Where and how to connect: an explicit URL and token win (standalone, or an add-on pointed at another
 * HA); otherwise the Supervisor's proxy with SUPERVISOR_TOKEN. `undefined` when neither is set.
 */
export function haConnectionSettings(config: HaConfigSlice): HaConnectionSettings | undefined {
  const { url, token, exposeAll } = config.ha;
  if (url && token) {
    const wsUrl = toWebSocketUrl(url);
    return { wsUrl, apiUrl: restBaseOf(wsUrl), token, mode: "standalone", exposeAll };
  }
  if (config.supervisorToken) {
    const supervisor = config.supervisorUrl ?? "http://supervisor";
    const wsUrl = supervisorWsUrl(supervisor);
    const apiUrl = `${supervisor.replace(/\/+$/, "")}/core`;
    return { wsUrl, apiUrl, token: config.supervisorToken, mode: "addon", exposeAll };
  }
  return undefined;
}

/** http(s)://host[:port][/prefix] → ws(s)://host[:port][/prefix]/api/websocket; ws(s) URLs are kept. */
export function toWebSocketUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol === "ws:" || parsed.protocol === "wss:") return parsed.toString();
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`CYRENE_HA_URL must be an http(s) or ws(s) URL, got ${parsed.protocol}`);
  }
  parsed.protocol = parsed.protocol === "https:" ? "wss:" : "ws:";
  const path = parsed.pathname.replace(/\/+$/, "");
  parsed.pathname = path.endsWith("/api/websocket") ? path : `${path}/api/websocket`;
  parsed.search = "";
  parsed.hash = "";
  return parsed.toString();
}

/** ws(s)://host[:port][/prefix]/api/websocket → http(s)://host[:port][/prefix], where `/api/...` REST paths go. */
export function restBaseOf(wsUrl: string): string {
  const parsed = new URL(wsUrl);
  parsed.protocol = parsed.protocol === "wss:" ? "https:" : "http:";
  parsed.pathname = parsed.pathname.replace(/\/api\/websocket\/?$/, "").replace(/\/+$/, "");
  return parsed.toString().replace(/\/+$/, "");
}
