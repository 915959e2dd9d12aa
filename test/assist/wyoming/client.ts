import { connect, type Socket } from "node:net";
import { encodeEvent, EventReader, type WyomingEvent } from "../../../src/assist/wyoming/framing.js";

/** A Wyoming client as HA's integration uses one: a connection, events written, events read. */
export class WyomingClient {
  private readonly reader = new EventReader();
  private readonly received: WyomingEvent[] = [];
  private waiting: (() => void) | undefined;
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk) => {
      this.received.push(...this.reader.push(chunk));
      this.waiting?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on("error", () => undefined);
  }

  static connect(port: number, host = "127.0.0.1", localAddress?: string): Promise<WyomingClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host, localAddress }, () => resolve(new WyomingClient(socket)));
      socket.once("error", reject);
    });
  }

  send(event: { type: string; data?: Record<string, unknown> }): void {
    this.socket.write(encodeEvent(event));
  }

  /** The next event of one of these types (others are skipped, as HA does); undefined if the server closed. */
  async next(...types: string[]): Promise<WyomingEvent | undefined> {
    for (;;) {
      const index = this.received.findIndex((event) => types.includes(event.type));
      if (index >= 0) return this.received.splice(0, index + 1).at(-1);
      if (this.closed) return undefined;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** One utterance the way HA sends it: a fresh connection, a transcript, the answer, closed. */
export async function utter(port: number, text: string, conversationId?: string): Promise<WyomingEvent> {
  const client = await WyomingClient.connect(port);
  try {
    const context = conversationId ? { conversation_id: conversationId } : {};
    client.send({ type: "transcript", data: { text, context } });
    const answer = await client.next("handled", "not-handled");
    if (!answer) throw new Error("the Wyoming server closed without answering");
    return answer;
  } finally {
    client.close();
  }
}
