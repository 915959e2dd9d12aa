import type { AgentEvent, TurnError } from "../agent/events.js";
import type { ToolResult } from "../tools/contract.js";
import { TerminalMarkdown } from "./markdown.js";
import { Spinner, type Terminal } from "./spinner.js";
import { clip } from "../text/clip.js";

const GIST_CHARS = 80;
const ARGUMENT_CHARS = 60;
const ERROR_CHARS = 120;
/** Fields whose value says what a tool's result is (the calculator's `result`, …). */
const TELLING_FIELDS = ["result", "message", "summary"];
const WAITING = "waiting for the model";
const CANCELLING = "cancelling… (Ctrl-C again to quit)";

/**
 * Renders a turn: the answer streams to stdout; everything about it (tool calls, retries, errors, the
 * spinner) goes to stderr, so `chat … > answer.txt` holds the answer alone. Colours and the spinner
 * only when stderr is a terminal.
 */
export class Renderer {
  private readonly spinner: Spinner;
  private readonly color: boolean;
  /** The calls running now: their names and arguments, by call id. */
  private readonly running = new Map<string, { name: string; args: string }>();
  /** The answer printed so far does not end with a newline. */
  private answerOpen = false;
  /** The cursor is after answer text: stdout and stderr usually share one screen. */
  private midLine = false;
  private cancelling = false;
  /** Both streams are terminals, so presumably one screen. */
  private readonly oneScreen: boolean;
  /** A tool call of this session went on in the background (leaving waits for it). */
  backgroundCalls = 0;
  /** The answer's Markdown, as plain text (styled on a terminal). */
  private readonly markdown: TerminalMarkdown;

  constructor(
    private readonly out: Terminal,
    private readonly err: Terminal,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    const terminal = Boolean(err.isTTY) && env.TERM !== "dumb";
    this.spinner = new Spinner(err, terminal);
    this.color = terminal && !env.NO_COLOR;
    this.oneScreen = Boolean(out.isTTY && err.isTTY);
    this.markdown = new TerminalMarkdown(Boolean(out.isTTY) && env.TERM !== "dumb" && !env.NO_COLOR);
  }

  /** The turn's event sink. */
  readonly event = (event: AgentEvent): void => {
    switch (event.type) {
      case "status":
        if (event.state === "retrying") this.note(event.message);
        this.wait(WAITING);
        break;
      case "text":
        if (event.text) this.answer(this.markdown.push(event.text));
        break;
      case "tool_started":
        this.running.set(event.callId, { name: event.name, args: compactArguments(event.arguments) });
        this.waitForTools();
        break;
      case "tool_finished": {
        const call = `${event.name} ${this.running.get(event.callId)?.args ?? ""}`.trim();
        this.running.delete(event.callId);
        const took = `(${duration(event.durationMs)})`;
        if (event.background) this.backgroundCalls++;
        const result = event.background ? "… continues in the background" : outcome(event.result);
        this.note(`⚙ ${call} ${result} ${took}`);
        this.waitForTools();
        break;
      }
      case "background_result":
        this.note(`⚙ ${event.name} (finished in the background) ${outcome(event.result)}`);
        break;
    }
  };

  /** Ends the turn's output: closes the answer's line and says why it stopped, if it did. */
  endTurn(result: { error?: TurnError }): void {
    this.close();
    this.running.clear();
    this.cancelling = false;
    if (result.error?.kind === "aborted") this.note("cancelled");
    else if (result.error) this.error(result.error.message);
  }

  /** The first Ctrl-C: the turn is being stopped. */
  cancel(): void {
    this.cancelling = true;
    this.note(CANCELLING);
    this.wait(CANCELLING);
  }

  /** Shows the spinner (on a terminal) while nothing else moves. */
  wait(label: string): void {
    if (!this.spinner.enabled) return;
    this.breakLine();
    this.spinner.start(this.cancelling ? CANCELLING : label);
  }

  /** A quiet line on stderr: tool calls, retries, the conversation id. */
  note(text: string): void {
    this.line(this.paint(oneLine(text), "2"));
  }

  /** One line on stderr saying what went wrong. */
  error(message: string): void {
    this.line(`${this.paint("error:", "31")} ${oneLine(message)}`);
  }

  /** Stops the spinner and ends the answer's line, before the process leaves. */
  close(): void {
    this.spinner.stop();
    this.answer(this.markdown.flush());
    this.markdown.reset();
    // On one screen, a line stderr already broke needs no second break (an empty line).
    if (this.answerOpen && (this.midLine || !this.oneScreen)) this.out.write("\n");
    this.answerOpen = this.midLine = false;
  }

  /** A line on stderr; whoever wants the spinner back starts it again. */
  private line(text: string): void {
    this.spinner.stop();
    this.breakLine();
    this.err.write(`${text}\n`);
  }

  private waitForTools(): void {
    const names = [...new Set([...this.running.values()].map((call) => call.name))];
    if (names.length > 0) this.wait(`running ${names.join(", ")}`);
  }

  /** Rendered answer text to stdout. */
  private answer(text: string): void {
    if (!text) return;
    this.spinner.stop();
    this.out.write(text);
    this.answerOpen = this.midLine = !text.endsWith("\n");
  }

  /** Moves the cursor past answer text on stderr, so stdout's content is left as the model wrote it. */
  private breakLine(): void {
    // A line of the answer begun before a note is shown first, so the note does not cut into it.
    this.answer(this.markdown.flush());
    if (!this.midLine) return;
    this.err.write("\n");
    this.midLine = false;
  }

  private paint(text: string, sgr: string): string {
    return this.color ? `\x1b[${sgr}m${text}\x1b[0m` : text;
  }
}

/** `→ gist` for a result, `✗ error` for a failure. */
function outcome(result: ToolResult): string {
  return result.success ? `→ ${gist(result.data)}` : `✗ ${clip(oneLine(result.error), ERROR_CHARS)}`;
}

/** A tool result in one short line: a telling field, a string as is, or the start of its compact JSON. */
export function gist(data: unknown, max = GIST_CHARS): string {
  if (data && typeof data === "object" && !Array.isArray(data)) {
    for (const field of TELLING_FIELDS) {
      const value = (data as Record<string, unknown>)[field];
      if (["string", "number", "boolean"].includes(typeof value)) return clip(oneLine(String(value)), max);
    }
  }
  const text = typeof data === "string" ? data : (JSON.stringify(data) ?? String(data));
  return clip(oneLine(text), max);
}

/** A tool call's arguments, compact and short. */
export function compactArguments(json: string, max = ARGUMENT_CHARS): string {
  let text = json;
  try {
    text = JSON.stringify(JSON.parse(json));
  } catch {
    // Broken JSON from the model is shown as it came.
  }
  return clip(oneLine(text), max);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
