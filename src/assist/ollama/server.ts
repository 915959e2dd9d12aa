import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ollamaError } from "../../http/error-shapes.js";
import { ConnectionSlots, type ConnectionLimits, type Slot } from "../connection-slots.js";

export interface OllamaServerLimits extends Omit<ConnectionLimits, "idleMs"> {
  /** The request line and headers arrive within this long. */
  headersTimeoutMs: number;
  /** The whole request, body included, arrives within this long (the answer may take longer). */
  requestTimeoutMs: number;
  /** How often Node checks those two (its default, 30 s, would let a drip-fed body live a minute). */
  checkIntervalMs: number;
}

/**
 * HA sends a few kilobytes, or an AI Task with camera images of a few megabytes, from the same host or
 * network: 30 s for a request is generous, and a body dripped to hold the connection is cut then.
 */
export const DEFAULT_OLLAMA_SERVER_LIMITS: OllamaServerLimits = {
  maxConnections: 128,
  maxPerSource: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  checkIntervalMs: 1_000,
};

/**
 * The HTTP server of the Ollama port: requests must arrive in time, one source holds at most its share
 * of connections, and a new connection takes the place of an idle kept-alive one when the port is full
 * (see ConnectionSlots), so HA gets in. What is refused gets Ollama's `{"error": …}` shape.
 */
export function createOllamaServer(
  app: RequestListener,
  overrides: Partial<OllamaServerLimits> = {},
): Server {
  const limits = { ...DEFAULT_OLLAMA_SERVER_LIMITS, ...overrides };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    app,
  );
  const slots = new ConnectionSlots({ ...limits, idleMs: 0 }, (slot) => slot.socket.destroy());
  const slotOf = new WeakMap<Socket, Slot>();
  server.on("connection", (socket: Socket) => {
    const slot = slots.admit(socket, socket.remoteAddress ?? "");
    if (!slot) {
      socket.end(
        rawResponse(503, "Too many connections are busy on this port right now: try again shortly."),
        () => socket.destroy(),
      );
      return;
    }
    slotOf.set(socket, slot);
    socket.once("close", () => slots.release(slot));
  });
  server.on("request", (req, res: ServerResponse) => {
    const slot = slotOf.get(req.socket);
    if (!slot) return;
    slot.busy++;
    slots.used(slot);
    res.once("close", () => {
      slot.busy--;
      slots.used(slot);
    });
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const response = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const status =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const message = {
      408:
        `The request did not arrive in time (headers within ${limits.headersTimeoutMs / 1000} s, ` +
        `all of it within ${limits.requestTimeoutMs / 1000} s).`,
      431: "The request headers are too large.",
      400: "The request is not valid HTTP.",
    }[status];
    socket.end(rawResponse(status, message), () => socket.destroy());
  });
  return server;
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  503: "Service Unavailable",
};

/** A whole response written on the socket itself: there is no request (yet) to answer through Express. */
function rawResponse(status: number, message: string): string {
  const body = JSON.stringify(ollamaError({ message }));
  return (
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
