import WebSocket from "ws";
import type { HaInfo } from "../../fixtures/ha/use-ha.js";

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

/** A text pipeline (no speech, no wake word) whose conversation engine is `engine`; answers its id. */
export async function createTextPipeline(
  ws: HaEvents,
  name: string,
  language: string,
  engine: string,
): Promise<string> {
  const created = await ws.call<{ id: string }>("assist_pipeline/pipeline/create", {
    name,
    language,
    conversation_engine: engine,
    conversation_language: "*",
    stt_engine: null,
    stt_language: null,
    tts_engine: null,
    tts_language: null,
    tts_voice: null,
    wake_word_entity: null,
    wake_word_id: null,
  });
  return created.id;
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
