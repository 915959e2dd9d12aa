import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { ollamaError, openAiError } from "../../http/error-shapes.js";
import { isOllamaPathname } from "./errors.js";
import { RequestShares, type RequestLimits } from "./request-shares.js";

export interface OllamaServerLimits extends RequestLimits {
  /**
   * Connections held at once (most of them idle and kept alive, which Node closes after its keep-alive
   * timeout, told to the client): the last resort against a flood of sockets.
   */
  maxConnections: number;
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
  maxRequests: 128,
  maxPerSource: 64,
  maxConnections: 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  checkIntervalMs: 1_000,
};

/** A refused client is asked to come back after this many seconds. */
const RETRY_AFTER_S = 1;
const BUSY =
  "Cyrene is working on as many requests from this source as it takes at once: try again in a moment.";

/**
 * The HTTP server of the Ollama port: requests must arrive in time, and one source has at most its share
 * of the requests under way, so HA gets in. Every request gets an answer: served, or refused with
 * 503 and Retry-After (Ollama's `{"error": …}` shape, OpenAI's under /v1) and the connection closed after
 * the answer; a kept-alive connection is never cut under a client that may be reusing it.
 */
export function createOllamaServer(
  app: RequestListener,
  overrides: Partial<OllamaServerLimits> = {},
): Server {
  const limits = { ...DEFAULT_OLLAMA_SERVER_LIMITS, ...overrides };
  const shares = new RequestShares(limits);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      // A connection over the last resort was answered already; what it sends is dropped.
      if (overflow.has(req.socket)) return void req.resume();
      const release = shares.take(req.socket.remoteAddress ?? "");
      if (!release) return refuse(req, res);
      res.once("close", release);
      app(req, res);
    },
  );
  let sockets = 0;
  const overflow = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => {
    if (sockets >= limits.maxConnections) {
      overflow.add(socket);
      answerAndClose(
        socket,
        rawResponse(503, "Too many connections are open on this port: try again shortly."),
      );
      return;
    }
    sockets++;
    socket.once("close", () => sockets--);
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

/** 503 with Retry-After, and the connection closed once the answer is out (the client reads it whole). */
function refuse(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0]!;
  const body = JSON.stringify(
    isOllamaPathname(path)
      ? ollamaError({ message: BUSY })
      : openAiError({ status: 503, message: BUSY, type: "server_error", code: "busy" }),
  );
  req.resume();
  res.writeHead(503, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Retry-After": String(RETRY_AFTER_S),
    Connection: "close",
  });
  res.end(body);
}

/**
 * Writes a whole response on a socket that gets no HTTP handling, then closes it gently: what the client
 * still sends is read and dropped, so the kernel answers no unread request with a reset.
 */
function answerAndClose(socket: Socket, response: string): void {
  socket.on("error", () => undefined);
  socket.end(response);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), 5_000);
  socket.once("close", () => clearTimeout(timer));
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
  const retry = status === 503 ? `Retry-After: ${RETRY_AFTER_S}\r\n` : "";
  return (
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${retry}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
