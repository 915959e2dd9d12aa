import type { Response } from "express";

/**
 * A streamed Ollama answer: one JSON object per line, no blank lines, no SSE framing (the ollama client
 * parses every line as JSON). The head goes out with the first line, so a request that fails before
 * anything was said can still be answered with any status.
 */
export class NdjsonWriter {
  private opened = false;

  constructor(private readonly res: Response) {}

  get started(): boolean {
    return this.opened;
  }

  /** The body ended, or the client left. */
  get ended(): boolean {
    return this.res.writableEnded || this.res.destroyed;
  }

  line(value: unknown): void {
    if (!this.opened) {
      this.opened = true;
      this.res.status(200).set({
        "Content-Type": "application/x-ndjson",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      });
    }
    this.res.write(`${JSON.stringify(value)}\n`);
  }

  /** Answers with an error status and a JSON body instead, when nothing went out yet. */
  fail(status: number, body: unknown): void {
    this.opened = true;
    this.res.status(status).json(body);
  }

  /** Ends the body: HA's integration reads until the body ends, not until `done`. */
  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}

export function writeNdjson(res: Response, lines: unknown[]): void {
  const writer = new NdjsonWriter(res);
  for (const line of lines) writer.line(line);
  writer.end();
}
