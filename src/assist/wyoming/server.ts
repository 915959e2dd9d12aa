import { createServer, type Server, type Socket } from "node:net";
import type { Assistant } from "../../agent/assistant.js";
import type { Logger } from "../../logging/logger.js";
import { trustedSource, type AccessRules } from "../../server/access.js";
import type { ConversationStore } from "../../store/conversations.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { encodeEvent, EventReader, FramingError, type WyomingEvent } from "./framing.js";
import { answerTranscript } from "./handler.js";
import { infoEvent } from "./info.js";

export interface WyomingDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  policy: ToolPolicy;
  logger: Logger;
  /** A voice turn answers within this long (HA waits without a timeout of its own). */
  deadlineMs: number;
  rules: AccessRules;
  /** Language tags the handle model offers to HA's pipelines. */
  languages: string[];
  version: string;
}

/** HA opens a connection per utterance and closes it after the answer; idle ones are not kept. */
const IDLE_MS = 60_000;
const MAX_CONNECTIONS = 64;
/** A refused source is logged once per this long, so a scanner cannot fill the log. */
const REFUSAL_LOG_MS = 60_000;

/** The Wyoming `handle` server HA's Wyoming integration uses as a conversation agent. */
export function createWyomingServer(deps: WyomingDeps): Server {
  const refusalsLogged = new Map<string, number>();
  const server = createServer((socket) => {
    const address = socket.remoteAddress ?? "";
    if (!trustedSource(address, deps.rules)) {
      const last = refusalsLogged.get(address) ?? -Infinity;
      if (Date.now() - last > REFUSAL_LOG_MS) {
        if (refusalsLogged.size > 1_000) refusalsLogged.clear();
        refusalsLogged.set(address, Date.now());
        deps.logger.warn(
          { address },
          "refused a Wyoming connection: only Home Assistant's network and assist_allow_networks may connect",
        );
      }
      socket.destroy();
      return;
    }
    serveConnection(socket, deps);
  });
  server.maxConnections = MAX_CONNECTIONS;
  return server;
}

/** Reads events in order and answers each before the next: describe → info, transcript → handled. */
function serveConnection(socket: Socket, deps: WyomingDeps): void {
  const reader = new EventReader();
  const log = deps.logger.child({ wyoming: socket.remoteAddress });
  let queue = Promise.resolve();
  let busy = 0;
  socket.setNoDelay(true);
  socket.setTimeout(IDLE_MS, () => {
    if (busy === 0) socket.destroy();
  });
  // HA may close first (it has what it asked for, or gave up): nothing to report then.
  socket.on("error", (error) => log.debug({ err: error }, "wyoming connection error"));
  socket.on("data", (chunk) => {
    let events: WyomingEvent[];
    try {
      events = reader.push(chunk);
    } catch (error) {
      if (!(error instanceof FramingError)) throw error;
      log.warn({ problem: error.message }, "closed a Wyoming connection that sent something else");
      socket.destroy();
      return;
    }
    for (const event of events) {
      busy++;
      queue = queue
        .then(() => answer(event, deps, log))
        .then((reply) => {
          if (reply && socket.writable) socket.write(encodeEvent(reply));
        })
        .catch((error: unknown) => log.error({ err: error }, "wyoming event failed"))
        .finally(() => busy--);
    }
  });
}

async function answer(
  event: WyomingEvent,
  deps: WyomingDeps,
  log: Logger,
): Promise<WyomingEvent | undefined> {
  switch (event.type) {
    case "describe":
      return infoEvent(deps);
    case "transcript":
      return answerTranscript(event, { ...deps, logger: log });
    case "ping":
      return { type: "pong", data: { text: event.data.text ?? null } };
    default:
      // Wyoming peers ignore events they do not know (audio, handled-* from a misdirected client, …).
      log.debug({ type: event.type }, "ignored a Wyoming event");
      return undefined;
  }
}
