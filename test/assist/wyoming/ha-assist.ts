import WebSocket from "ws";
import type { HaInfo } from "../../fixtures/ha/use-ha.js";

/** The shared HA may be restarting (test/ha/harness.test.ts restarts it): wait for it this long. */
const RESTART_MS = 90_000;

/** HA's REST API with the test token; a refused connection is tried again while HA restarts. */
export async function haRest<T = Record<string, unknown>>(
  ha: HaInfo,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const init = {
    method,
    headers: { authorization: `Bearer ${ha.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const res = await whileRestarting(() => fetch(`${ha.url}${path}`, init));
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Runs `attempt` again while it fails with NotSent (nothing reached HA), up to RESTART_MS. */
async function whileRestarting<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RESTART_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const unsent =
        error instanceof NotSent || (error instanceof TypeError && /fetch failed/.test(error.message));
      if (!unsent || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

class NotSent extends Error {}

export interface WyomingEntry {
  entryId: string;
  title: string;
  /**
   * The entry's entity of the domain waited for: for a conversation agent, the agent id that
   * conversation/process and pipelines take.
   */
  entityId: string;
}

/**
 * Adds a Wyoming service as the user would (Settings → Add integration → Wyoming → host, port) and waits
 * for its entity: Cyrene's server makes a conversation agent, a TTS service a tts entity.
 */
export async function addWyomingEntry(
  ha: HaInfo,
  port: number,
  domain: "conversation" | "tts" = "conversation",
): Promise<WyomingEntry> {
  const form = await haRest<{ type: string; flow_id: string; step_id: string }>(
    ha,
    "POST",
    "/api/config/config_entries/flow",
    { handler: "wyoming" },
  );
  if (form.type !== "form" || form.step_id !== "user")
    throw new Error(`unexpected flow: ${JSON.stringify(form)}`);
  // The schema is `port: int`, a type check: the port must be a JSON integer.
  const done = await haRest<{ type: string; result?: { entry_id: string; title: string }; errors?: unknown }>(
    ha,
    "POST",
    `/api/config/config_entries/flow/${form.flow_id}`,
    { host: "127.0.0.1", port },
  );
  if (done.type !== "create_entry" || !done.result)
    throw new Error(`the Wyoming flow did not create an entry: ${JSON.stringify(done)}`);
  const { entry_id: entryId, title } = done.result;
  for (let waited = 0; ; waited += 100) {
    const entities = await haCall<{ entity_id: string; config_entry_id: string }[]>(
      ha,
      "config/entity_registry/list",
    );
    const entity = entities.find(
      (e) => e.config_entry_id === entryId && e.entity_id.startsWith(`${domain}.`),
    );
    if (entity) return { entryId, title, entityId: entity.entity_id };
    if (waited > 10_000) throw new Error(`entry ${entryId} has no ${domain} entity`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function removeEntry(ha: HaInfo, entryId: string): Promise<void> {
  await haRest(ha, "DELETE", `/api/config/config_entries/entry/${entryId}`).catch(() => undefined);
}

interface Message {
  id?: number;
  type: string;
  success?: boolean;
  result?: unknown;
  error?: { code: string; message: string };
  event?: { type: string; data?: Record<string, unknown> };
}

/**
 * One websocket command on a connection of its own (the shared HA may have been restarted by another
 * test file meanwhile), with the events of a subscription collected until `until` says it is done.
 */
export function haCall<T = unknown>(
  ha: HaInfo,
  type: string,
  payload: Record<string, unknown> = {},
  until?: (event: NonNullable<Message["event"]>, events: NonNullable<Message["event"]>[]) => boolean,
): Promise<T> {
  return whileRestarting(() => haCallOnce<T>(ha, type, payload, until));
}

async function haCallOnce<T>(
  ha: HaInfo,
  type: string,
  payload: Record<string, unknown>,
  until?: (event: NonNullable<Message["event"]>, events: NonNullable<Message["event"]>[]) => boolean,
): Promise<T> {
  const ws = new WebSocket(ha.wsUrl);
  let sent = false;
  try {
    return await new Promise<T>((resolve, reject) => {
      const events: NonNullable<Message["event"]>[] = [];
      const lost = (error: Error) => reject(sent ? error : new NotSent(error.message));
      ws.on("error", lost);
      ws.on("close", () => lost(new Error(`HA websocket closed during ${type}`)));
      ws.on("message", (raw) => {
        const message = JSON.parse(raw.toString()) as Message;
        if (message.type === "auth_required")
          ws.send(JSON.stringify({ type: "auth", access_token: ha.token }));
        else if (message.type === "auth_ok") {
          ws.send(JSON.stringify({ id: 1, type, ...payload }));
          sent = true;
        } else if (message.type === "auth_invalid") reject(new Error("HA refused the token"));
        else if (message.type === "result" && !message.success)
          reject(new Error(`HA ${type}: ${message.error?.code}: ${message.error?.message}`));
        else if (message.type === "result" && !until) resolve(message.result as T);
        else if (message.type === "event" && message.event && until) {
          events.push(message.event);
          if (until(message.event, events)) resolve(events as T);
        }
      });
    });
  } finally {
    ws.close();
  }
}

export interface ConversationResult {
  response: {
    response_type: string;
    speech: { plain?: { speech: string } };
    data?: { code?: string };
  };
  conversation_id: string | null;
}

/** What HA's Assist dialog does with a sentence: `conversation/process` with the chosen agent. */
export function processText(
  ha: HaInfo,
  agentId: string,
  text: string,
  options: { conversationId?: string; language?: string } = {},
): Promise<ConversationResult> {
  return haCall<ConversationResult>(ha, "conversation/process", {
    text,
    agent_id: agentId,
    language: options.language ?? "zh-Hans",
    ...(options.conversationId ? { conversation_id: options.conversationId } : {}),
  });
}

export const speechOf = (result: ConversationResult) => result.response.speech.plain?.speech ?? "";
