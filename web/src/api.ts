/**
 * The server's API. Every path is relative ("api/chat", never "/api/chat"): the page is served at `/`
 * standalone and at HA's ingress path (/api/hassio_ingress/<token>/) in the add-on, and relative URLs
 * resolve against whichever it is.
 */
import { userLanguage } from "./i18n.js";
import { readEvents } from "./sse.js";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function failure(response: Response): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: { message?: string; code?: string; type?: string } };
    if (body.error?.message) message = body.error.message;
    code = body.error?.code ?? body.error?.type;
  } catch {
    // Not JSON: the status line says enough.
  }
  return new ApiError(message, response.status, code);
}

const TOKEN_KEY = "cyrene.apiToken";

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Cyrene's API token as this browser keeps it (standalone with CYRENE_API_TOKEN; HA's ingress needs none). */
export const apiToken = {
  get: (): string | null => storage()?.getItem(TOKEN_KEY) ?? null,
  set: (token: string) => storage()?.setItem(TOKEN_KEY, token.trim()),
  forget: () => storage()?.removeItem(TOKEN_KEY),
};

/** Said on window when the server asks for the API token (or no longer takes the kept one). */
export const UNAUTHORIZED_EVENT = "cyrene-unauthorized";

/** fetch with the kept API token; a 401 tells the app, which asks the person for the token. */
async function send(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = apiToken.get();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const response = await fetch(path, { ...init, headers });
  if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  return response;
}

export async function request<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Accept", "application/json");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const response = await send(path, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

// ---- Shapes the server answers (snake_case, as the API sends them) ----

export type ToolResult =
  { success: true; data: unknown; untrusted?: true } | { success: false; error: string };

export interface Person {
  id: string;
  name: string;
}

export interface ConversationInfo {
  id: string;
  source: string;
  title: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoredToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface StoredMessage {
  role: "system" | "user" | "assistant" | "tool" | "developer";
  content: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: StoredToolCall[];
  tool_call_id?: string;
  turn_id: string | null;
  created_at: string;
}

export interface Job {
  id: string;
  tool: string;
  arguments: string;
  tool_call_id: string;
  status: "running" | "finished" | "interrupted";
  result: ToolResult | null;
  started_at: string;
  finished_at: string | null;
  delivered: boolean;
}

export interface Conversation extends ConversationInfo {
  messages: StoredMessage[];
  jobs: Job[];
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

/** The events of `POST api/chat` with `Accept: text/event-stream` (src/server/routes/chat.ts). */
export type ChatEvent =
  | { type: "turn_started"; conversation_id: string; turn_id: string }
  | { type: "status"; state: "waiting" | "retrying"; message: string; attempt?: number; of?: number }
  | { type: "text"; text: string }
  | { type: "tool_started"; id: string; name: string; arguments: string }
  | {
      type: "tool_finished";
      id: string;
      name: string;
      duration_ms: number;
      result: ToolResult;
      background_job_id?: string;
    }
  | { type: "background_result"; job_id: string; name: string; result: ToolResult }
  | {
      type: "final";
      text: string;
      rounds: number;
      usage: Usage;
      error?: { message: string; code: string };
    }
  | { type: "error"; message: string; code: string }
  | { type: "done"; conversation_id: string };

export async function* chat(
  message: string,
  conversationId: string | null,
  signal: AbortSignal,
): AsyncGenerator<ChatEvent> {
  const response = await send("api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({
      message,
      ...(conversationId ? { conversation_id: conversationId } : {}),
      ...(userLanguage() ? { language: userLanguage() } : {}),
    }),
    signal,
  });
  if (!response.ok || !response.body) throw await failure(response);
  for await (const { event, data } of readEvents(response.body)) {
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(data) as Record<string, unknown>;
    } catch {
      continue;
    }
    yield { ...payload, type: event } as ChatEvent;
  }
}

export const api = {
  me: () => request<{ person: Person | null }>("api/me"),
  conversations: (options: { limit?: number; before?: string | null; q?: string } = {}) => {
    const query = new URLSearchParams({ limit: String(options.limit ?? 30) });
    if (options.before) query.set("before", options.before);
    if (options.q) query.set("q", options.q);
    return request<{ conversations: ConversationInfo[]; next_before: string | null }>(
      `api/conversations?${query}`,
    );
  },
  conversation: (id: string) => request<Conversation>(`api/conversations/${encodeURIComponent(id)}`),
  deleteConversation: (id: string) =>
    request<void>(`api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
