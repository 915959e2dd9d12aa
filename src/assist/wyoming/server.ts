import { createServer, type Server } from "node:net";
import type { Assistant } from "../../agent/assistant.js";
import type { Logger } from "../../logging/logger.js";
import { trustedSource, type AccessRules } from "../../http/source-access.js";
import { ConnectionSlots, type ConnectionLimits, type Slot } from "../connection-slots.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { BudgetExceeded, ByteBudget } from "./frame-buffer.js";
import { DEFAULT_LIMITS, encodeEvent, EventReader, FramingError, type WyomingEvent } from "./framing.js";
import { answerTranscript } from "./handler.js";
import { infoEvent } from "./info.js";
import { refuseTooLong } from "./too-long.js";

export interface WyomingDeps {
  assistant: Assistant;
  policy: ToolPolicy;
  logger: Logger;
  /** A voice turn answers within this long (HA waits without a timeout of its own). */
  deadlineMs: number;
  rules: AccessRules;
  /** Language tags the handle model offers to HA's pipelines. */
  languages: string[];
  version: string;
  /** Overrides of DEFAULT_WYOMING_LIMITS. */
  limits?: Partial<WyomingLimits>;
}

export interface WyomingLimits extends ConnectionLimits {
  /** Unfinished frames of all connections together hold at most this much past 64 KiB each. */
  bufferBytes: number;
}

/**
 * HA opens a connection per utterance and closes it after the answer; its describe is answered at once.
 * A connection that is not in the middle of an utterance is worth little to keep.
 */
export const DEFAULT_WYOMING_LIMITS: WyomingLimits = {
  maxConnections: 64,
  maxPerSource: 32,
  idleMs: 60_000,
  // A handle server gets text: HA's frames are a few KiB. Six frames at the 5 MiB limit fit at once.
  bufferBytes: 32 * 1024 * 1024,
};

/** A refused source is logged once per this long, so a scanner cannot fill the log. */
const REFUSAL_LOG_MS = 60_000;

/** The Wyoming `handle` server HA's Wyoming integration uses as a conversation agent. */
export function createWyomingServer(deps: WyomingDeps): Server {
  const limits = { ...DEFAULT_WYOMING_LIMITS, ...deps.limits };
  const budget = new ByteBudget(limits.bufferBytes);
  const slots = new ConnectionSlots(limits, (slot, reason) => {
    deps.logger.debug({ wyoming: slot.source, reason }, "closed an idle Wyoming connection");
    slot.socket.destroy();
  });
  const refusalsLogged = new Map<string, number>();
  const logRefusal = (address: string, message: string) => {
    const last = refusalsLogged.get(address) ?? -Infinity;
    if (performance.now() - last <= REFUSAL_LOG_MS) return;
    if (refusalsLogged.size > 1_000) refusalsLogged.clear();
    refusalsLogged.set(address, performance.now());
    deps.logger.warn({ address }, message);
  };
  return createServer((socket) => {
    const address = socket.remoteAddress ?? "";
    if (!trustedSource(address, deps.rules)) {
      logRefusal(
        address,
        "refused a Wyoming connection: only Home Assistant's network and assist_allow_networks may connect",
      );
      socket.destroy();
      return;
    }
    const slot = slots.admit(socket, address);
    if (!slot) {
      logRefusal(address, "refused a Wyoming connection: every connection is in the middle of an utterance");
      socket.end(Buffer.concat(BUSY.map(encodeEvent)), () => socket.destroy());
      return;
    }
    serveConnection(slot, slots, new EventReader(DEFAULT_LIMITS, { budget }), deps);
  });
}

/** Every place is mid-utterance. The language is not known yet; HA speaks what comes in not-handled. */
const BUSY_TEXT = "Cyrene 正忙，请稍后再试。Cyrene is busy, please try again in a moment.";
const BUSY: WyomingEvent[] = [
  { type: "error", data: { text: BUSY_TEXT, code: "busy" } },
  { type: "not-handled", data: { text: BUSY_TEXT } },
];

/**
 * Reads events in order and answers each before the next: describe → info, transcript → handled.
 * Only a transcript and its answer count as use of the connection: a describe is answered at once, and
 * a client that only pings or describes holds its place for nothing (see ConnectionSlots).
 */
function serveConnection(slot: Slot, slots: ConnectionSlots, reader: EventReader, deps: WyomingDeps): void {
  const { socket } = slot;
  const log = deps.logger.child({ wyoming: socket.remoteAddress });
  let queue = Promise.resolve();
  socket.setNoDelay(true);
  // HA may close first (it has what it asked for, or gave up): nothing to report then.
  socket.on("error", (error) => log.debug({ err: error }, "wyoming connection error"));
  socket.on("close", () => {
    slots.release(slot);
    reader.close();
  });
  socket.on("data", (chunk) => {
    let events: WyomingEvent[];
    try {
      events = reader.push(chunk);
    } catch (error) {
      if (error instanceof BudgetExceeded) {
        log.warn({ problem: error.message }, "closed a Wyoming connection sending a large frame");
      } else if (error instanceof FramingError) {
        log.warn({ problem: error.message }, "closed a Wyoming connection that sent something else");
      } else throw error;
      socket.destroy();
      return;
    }
    for (const event of events) {
      const utterance = event.type === "transcript";
      if (utterance) {
        slots.used(slot);
        slot.busy++;
      }
      queue = queue
        .then(() => answer(event, deps, log))
        .then((replies) => {
          for (const reply of replies) if (socket.writable) socket.write(encodeEvent(reply));
        })
        .catch((error: unknown) => log.error({ err: error }, "wyoming event failed"))
        .finally(() => {
          if (!utterance) return;
          slot.busy--;
          slots.used(slot);
        });
    }
  });
}

async function answer(event: WyomingEvent, deps: WyomingDeps, log: Logger): Promise<WyomingEvent[]> {
  switch (event.type) {
    case "describe":
      return [infoEvent(deps)];
    case "transcript":
      return refuseTooLong(event) ?? [await answerTranscript(event, { ...deps, logger: log })];
    case "ping":
      return [{ type: "pong", data: { text: event.data.text ?? null } }];
    default:
      // Wyoming peers ignore events they do not know (audio, handled-* from a misdirected client, …).
      log.debug({ type: event.type }, "ignored a Wyoming event");
      return [];
  }
}
