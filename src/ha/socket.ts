import { Auth, createConnection, type Connection } from "home-assistant-js-websocket";
import WebSocket from "ws";

/** home-assistant-js-websocket uses the global WebSocket, which Node 20 lacks; `ws` stands in. */
export function ensureGlobalWebSocket(): void {
  if (typeof globalThis.WebSocket === "undefined") {
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
  }
}

/**
 * The library derives the socket URL from a base URL by appending /api/websocket; the Supervisor's
 * proxy lives at ws://supervisor/core/websocket, so the URL is given exactly instead.
 */
class ExactUrlAuth extends Auth {
  constructor(
    private readonly url: string,
    token: string,
  ) {
    super({
      hassUrl: url,
      clientId: null,
      expires: Number.MAX_SAFE_INTEGER,
      refresh_token: "",
      access_token: token,
      expires_in: Number.MAX_SAFE_INTEGER,
    });
  }

  override get wsUrl(): string {
    return this.url;
  }
}

/**
 * Opens and authenticates one connection (no retries: the caller owns the retry policy). Rejects with
 * the library's numeric codes: 1 cannot connect, 2 invalid auth.
 */
export function openConnection(wsUrl: string, token: string, connectTimeoutMs: number): Promise<Connection> {
  ensureGlobalWebSocket();
  return createConnection({
    auth: new ExactUrlAuth(wsUrl, token),
    setupRetry: 0,
    connectTimeout: connectTimeoutMs,
  });
}
