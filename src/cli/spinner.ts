import { clip } from "../text/clip.js";

/** Where the CLI writes: process.stdout / process.stderr, or a fake in tests. */
export interface Terminal {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const INTERVAL_MS = 80;

/**
 * A one-line spinner with a label and the seconds waited, redrawn in place. When disabled (the stream
 * is not a terminal) it writes nothing at all, so piped output holds no control characters.
 */
export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;
  private label = "";
  private since = 0;

  constructor(
    private readonly stream: Terminal,
    readonly enabled: boolean,
  ) {}

  /** Shows the spinner, or changes its label; the clock restarts only when the label changes. */
  start(label: string): void {
    if (!this.enabled) return;
    if (label !== this.label || !this.timer) this.since = performance.now();
    this.label = label;
    if (!this.timer) {
      this.timer = setInterval(() => this.draw(), INTERVAL_MS);
      this.timer.unref();
    }
    this.draw();
  }

  /** Clears the spinner's line, leaving the cursor at its start. */
  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write("\r\x1b[K");
  }

  private draw(): void {
    const seconds = Math.floor((performance.now() - this.since) / 1000);
    const text = `${FRAMES[this.frame++ % FRAMES.length]} ${this.label}${seconds > 0 ? ` ${seconds} s` : ""}`;
    // A line longer than the terminal wraps, and "\r" would then redraw only its last part.
    const width = (this.stream.columns || 80) - 1;
    const fitted = clip(text, width);
    this.stream.write(`\r\x1b[2m${fitted}\x1b[0m\x1b[K`);
  }
}
