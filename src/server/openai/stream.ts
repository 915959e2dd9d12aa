import type { Response } from "express";
import type { ApiError } from "../../http/errors.js";
import { openAiError } from "../../http/error-shapes.js";
import { openEventStream, writeEvent } from "../../http/sse.js";
import { NO_RETRY } from "../../http/turn-errors.js";

/**
 * A chat.completion.chunk stream whose HTTP status is decided late: the response stays unsent until the
 * first output (or a keep-alive is due), so a turn that fails before saying anything is answered with a
 * real error status, which every SDK raises. Once open, silence is broken by SSE comments.
 */
export class CompletionStream {
  private opened = false;
  private corked = false;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly res: Response,
    private readonly headers: () => Record<string, string>,
    keepAliveMs = 10_000,
  ) {
    this.keepAlive = setInterval(() => {
      this.open();
      res.write(": keep-alive\n\n");
    }, keepAliveMs);
    this.keepAlive.unref();
  }

  chunk(payload: unknown): void {
    this.open();
    this.keepAlive.refresh();
    this.coalesce();
    writeEvent(this.res, undefined, payload);
  }

  /** Ends with `[DONE]`. */
  done(): void {
    this.open();
    writeEvent(this.res, undefined, "[DONE]");
    this.close();
  }

  /** An error status before anything was sent; an `error` chunk (which SDKs raise) after. */
  fail(error: ApiError): void {
    if (this.opened) {
      writeEvent(this.res, undefined, openAiError(error));
      this.close();
      return;
    }
    clearInterval(this.keepAlive);
    if (!this.res.headersSent) {
      this.res.status(error.status).set(NO_RETRY).set(this.headers()).json(openAiError(error));
    }
  }

  /** Whether the answer has ended (nothing more may be written). */
  get closed(): boolean {
    return this.res.writableEnded;
  }

  close(): void {
    clearInterval(this.keepAlive);
    if (!this.res.writableEnded) this.res.end();
  }

  /** Chunks written in one tick (a round's last text, finish, usage, [DONE]) leave in one packet. */
  private coalesce(): void {
    if (this.corked) return;
    this.corked = true;
    this.res.cork();
    process.nextTick(() => {
      this.corked = false;
      this.res.uncork();
    });
  }

  private open(): void {
    if (this.opened) return;
    this.opened = true;
    this.res.set(this.headers());
    openEventStream(this.res, false);
  }
}
