import type { Response } from "express";

/**
 * Starts a Server-Sent Events response. `flush` sends the headers now; without it they go out with the
 * first event (one packet fewer when an event is about to be written anyway).
 */
export function openEventStream(res: Response, flush = true): void {
  res.status(200);
  res.set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  if (flush) res.flushHeaders();
}

export function writeEvent(res: Response, event: string | undefined, data: unknown): void {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  res.write(event ? `event: ${event}\ndata: ${payload}\n\n` : `data: ${payload}\n\n`);
}

export function wantsEventStream(accept: string | undefined): boolean {
  return Boolean(accept?.includes("text/event-stream"));
}

/** An AbortSignal that fires when the client goes away before the response is finished. */
export function abortOnDisconnect(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort("client disconnected");
  });
  return controller.signal;
}

/** Writes an SSE comment now and then, so proxies and clients don't give up on a quiet stream. */
export function keepAlive(res: Response, everyMs = 15_000): () => void {
  const timer = setInterval(() => res.write(": keep-alive\n\n"), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
