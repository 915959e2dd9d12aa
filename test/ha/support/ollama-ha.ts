import WebSocket from "ws";
import { allowAllTools } from "../../../src/tools/policy.js";
import { silentLogger } from "../../../src/logging/logger.js";
import type { HaInfo } from "../../fixtures/ha/use-ha.js";
import type { Harness } from "../../support/harness.js";
import { testTurn } from "../../support/turn-context.js";
import { rest, until, untilLoaded as untilLoadedIn, type FlowResult } from "./config-flow.js";
import { restState } from "./real-ha.js";

/** Cyrene as an agent of HA's own Ollama integration: the entry, its subentries, HA's websocket with pipeline events. */

export interface ConversationResult {
  response: { response_type: string; speech: { plain?: { speech: string } }; data?: unknown };
  conversation_id: string;
  continue_conversation: boolean;
}

export const speechOf = (result: ConversationResult) => result.response.speech.plain?.speech ?? "";

export interface PipelineEvent {
  type: string;
  data?: Record<string, unknown>;
}

/**
 * HA's websocket API with the pipeline's event stream (test/fixtures/ha/ws.ts answers results only).
 * It connects again after the shared HA restarts (test/ha/harness.test.ts does, once).
 */
export class HaEvents {
  private nextId = 1;
  private socket?: Promise<WebSocket>;
  private readonly waiting = new Map<number, { take(message: Message): void; fail(error: Error): void }>();

  private constructor(private readonly info: HaInfo) {}

  static async connect(info: HaInfo): Promise<HaEvents> {
    const events = new HaEvents(info);
    await events.open();
    return events;
  }

  call<T = unknown>(type: string, payload: Record<string, unknown> = {}): Promise<T> {
    return this.send(type, payload, (message, resolve, reject) => {
      if (message.type !== "result") return false;
      const error = message.error as { code: string; message: string } | undefined;
      if (message.success) resolve(message.result as T);
      else reject(new Error(`HA ${type}: ${error?.code}: ${error?.message}`));
      return true;
    });
  }

  /** Runs a pipeline and collects its events up to run-end (or an error event). */
  runPipeline(payload: Record<string, unknown>): Promise<PipelineEvent[]> {
    const events: PipelineEvent[] = [];
    return this.send("assist_pipeline/run", payload, (message, resolve, reject) => {
      if (message.type === "result" && !message.success) {
        reject(new Error(JSON.stringify(message.error)));
        return true;
      }
      if (message.type !== "event") return false;
      const event = message.event as PipelineEvent;
      events.push(event);
      if (event.type !== "run-end" && event.type !== "error") return false;
      resolve(events);
      return true;
    });
  }

  close(): void {
    void this.socket?.then((socket) => socket.close());
  }

  /** Sends a command; `on` sees each message for it and says when it is the last. */
  private async send<T>(
    type: string,
    payload: Record<string, unknown>,
    on: (message: Message, resolve: (value: T) => void, reject: (error: Error) => void) => boolean,
  ): Promise<T> {
    const socket = await this.open();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, {
        take: (message) => {
          if (on(message, resolve, reject)) this.waiting.delete(id);
        },
        fail: reject,
      });
      socket.send(JSON.stringify({ id, type, ...payload }));
    });
  }

  private open(): Promise<WebSocket> {
    this.socket ??= authenticated(this.info).then(
      (socket) => {
        socket.on("message", (raw) => {
          const message = JSON.parse(raw.toString()) as Message;
          this.waiting.get(message.id as number)?.take(message);
        });
        socket.on("close", () => {
          this.socket = undefined;
          for (const waiter of this.waiting.values()) waiter.fail(new Error("HA websocket closed"));
          this.waiting.clear();
        });
        return socket;
      },
      (error: unknown) => {
        this.socket = undefined;
        throw error;
      },
    );
    return this.socket;
  }
}

type Message = Record<string, unknown>;

function authenticated(info: HaInfo): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(info.wsUrl);
    socket.on("error", reject);
    socket.on("message", function auth(raw) {
      const message = JSON.parse(raw.toString()) as { type: string };
      if (message.type === "auth_required") {
        socket.send(JSON.stringify({ type: "auth", access_token: info.token }));
      } else if (message.type === "auth_ok") {
        socket.off("message", auth);
        socket.off("error", reject);
        resolve(socket);
      } else reject(new Error(`HA websocket auth: ${message.type}`));
    });
  });
}

/** HA's config flow for the Ollama integration, as the UI runs it: the URL, then the entry loads. */
export async function createOllamaEntry(info: HaInfo, url: string): Promise<string> {
  const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", { handler: "ollama" });
  expectFlow(form, "form", "user");
  const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, {
    url,
  });
  expectFlow(done, "create_entry");
  const entryId = done.result!.entry_id;
  await untilLoaded(info, entryId);
  return entryId;
}

/** A subentry (conversation agent or AI Task) through HA's subentry flow. */
export async function addSubentry(
  info: HaInfo,
  entryId: string,
  type: "conversation" | "ai_task_data",
  data: Record<string, unknown>,
): Promise<void> {
  const path = "/api/config/config_entries/subentries/flow";
  const form = await rest<FlowResult>(info, "POST", path, { handler: [entryId, type] });
  expectFlow(form, "form", "set_options");
  const done = await rest<FlowResult>(info, "POST", `${path}/${form.flow_id}`, data);
  expectFlow(done, "create_entry");
  // A new subentry reloads the entry; the next subentry flow needs it loaded.
  await untilLoaded(info, entryId);
}

async function untilLoaded(info: HaInfo, entryId: string): Promise<void> {
  await untilLoadedIn(info, "ollama", entryId);
}

/** The entity a new subentry adds, told apart from those the entry had before. */
export async function entityOfSubentry(
  add: () => Promise<void>,
  ws: HaEvents,
  entryId: string,
): Promise<string> {
  const before = new Set(await entitiesOf(ws, entryId));
  await add();
  return until("the new subentry's entity", async () =>
    (await entitiesOf(ws, entryId)).find((id) => id.startsWith("conversation.") && !before.has(id)),
  );
}

async function entitiesOf(ws: HaEvents, entryId: string): Promise<string[]> {
  const entities = await ws.call<{ entity_id: string; config_entry_id: string }[]>(
    "config/entity_registry/list",
  );
  return entities.filter((e) => e.config_entry_id === entryId).map((e) => e.entity_id);
}

/** The entity a subentry made, once HA has set it up after the entry's reload. */
export async function entityOf(ws: HaEvents, entryId: string, domain: string): Promise<string> {
  return until(`the ${domain} entity of entry ${entryId}`, async () => {
    const entities = await ws.call<{ entity_id: string; config_entry_id: string }[]>(
      "config/entity_registry/list",
    );
    return entities.find((e) => e.config_entry_id === entryId && e.entity_id.startsWith(`${domain}.`))
      ?.entity_id;
  });
}

export async function removeEntry(info: HaInfo, entryId: string): Promise<void> {
  await rest(info, "DELETE", `/api/config/config_entries/entry/${entryId}`).catch(() => undefined);
}

/** Cyrene reaches HA (iot tools work) and HA has the agent up (after a restart of the shared HA too). */
export async function untilReady(h: Harness, info: HaInfo, agent: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const options = { policy: allowAllTools, logger: silentLogger(), hardTimeoutMs: 10_000, turn: testTurn() };
  for (;;) {
    const probe = await h.cyrene.registry.execute(
      { id: "probe", name: "iot_query", arguments: "{}" },
      options,
    );
    const state = await restState(info, agent).catch(() => undefined);
    if (probe.success && state && state.state !== "unavailable") return;
    if (Date.now() > deadline)
      throw new Error(`HA or the agent never got ready: ${JSON.stringify({ probe, state })}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A flow step as expected, or an error showing it (plain, so the bench can use these too). */
function expectFlow(step: FlowResult, type: string, stepId?: string): void {
  const got = step as { type?: string; step_id?: string };
  if (got.type !== type || (stepId !== undefined && got.step_id !== stepId)) {
    throw new Error(`HA flow: expected ${type}${stepId ? ` ${stepId}` : ""}, got ${JSON.stringify(step)}`);
  }
}
