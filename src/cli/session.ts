import { createInterface } from "node:readline";
import type { TurnOutcome } from "../agent/assistant.js";
import type { Cyrene } from "../compose.js";
import { allowAllTools } from "../tools/policy.js";
import { CONSOLE } from "../store/conversation-access.js";
import type { Renderer } from "./render.js";

export const EXIT_FAILED = 1;
export const EXIT_INTERRUPTED = 130;

/** The one line an interactive chat opens with: who answers, and how to leave. */
export function greeting(model: string, conversationId?: string): string {
  const what = conversationId ? `continuing conversation ${conversationId}` : "a new conversation";
  return `Cyrene (${model}), ${what}. Type a message; an empty line, Ctrl-D or Ctrl-C leaves.`;
}

/** One chat in the terminal: its turns, and what Ctrl-C does at each moment. */
export class ChatSession {
  private turn: AbortController | undefined;
  /** What Ctrl-C does while no turn runs: quit, or leave the prompt. */
  private idle: () => void;
  /** The conversation the turns went to, once one ran. */
  private used: string | undefined;

  constructor(
    private readonly cyrene: Cyrene,
    private readonly renderer: Renderer,
    /** Leaves the process at once (exit code 130). */
    private readonly quit: () => void,
    private conversationId?: string,
  ) {
    this.idle = quit;
  }

  /** Ctrl-C. The first cancels the running turn; another, or one while no turn runs, leaves. */
  readonly interrupt = (): void => {
    if (!this.turn) return this.idle();
    if (this.turn.signal.aborted) return this.quit();
    this.turn.abort();
    this.renderer.cancel();
  };

  /** One message; the exit code says how it went. */
  async once(message: string): Promise<number> {
    const { error } = await this.ask(message);
    return !error ? 0 : error.kind === "aborted" ? EXIT_INTERRUPTED : EXIT_FAILED;
  }

  /** A message per line of stdin, until an empty line, its end, or Ctrl-C at the prompt. */
  async interactive(): Promise<number> {
    const terminal = Boolean(process.stdin.isTTY);
    const rl = createInterface({
      input: process.stdin,
      output: terminal ? process.stdout : undefined,
      terminal,
      prompt: "> ",
    });
    // On a terminal readline reads Ctrl-C as a key; through a pipe it arrives as a signal.
    rl.on("SIGINT", this.interrupt);
    this.idle = () => rl.close();
    let atPrompt = terminal;
    try {
      if (terminal) {
        this.renderer.note(greeting(this.cyrene.config.llm.model, this.conversationId));
        rl.prompt();
      }
      // Lines typed (or piped) while a turn runs wait their turn.
      for await (const line of rl) {
        atPrompt = false;
        if (!line.trim()) break;
        await this.ask(line.trim());
        if (terminal) rl.prompt();
        atPrompt = terminal;
      }
    } finally {
      this.idle = this.quit;
      rl.close();
    }
    // Left with Ctrl-C or Ctrl-D: the cursor is still after the prompt.
    if (atPrompt) process.stdout.write("\n");
    return 0;
  }

  /** Names the conversation, waits for calls still running in the background, and closes Cyrene. */
  async close(): Promise<void> {
    this.idle = this.quit;
    if (this.used) this.renderer.note(`conversation ${this.used}`);
    if (this.renderer.backgroundCalls > 0) {
      this.renderer.note("waiting for calls still running in the background (Ctrl-C to quit)");
      this.renderer.wait("waiting for background calls");
    }
    await this.cyrene.background.settle();
    this.renderer.close();
    await this.cyrene.close();
  }

  private async ask(message: string): Promise<TurnOutcome> {
    this.turn = new AbortController();
    try {
      const outcome = await this.cyrene.assistant.turn(
        {
          message,
          conversationId: this.conversationId,
          source: "cli",
          requester: CONSOLE,
          policy: allowAllTools,
          signal: this.turn.signal,
        },
        this.renderer.event,
      );
      this.conversationId = this.used = outcome.conversationId;
      this.renderer.endTurn(outcome);
      return outcome;
    } finally {
      this.turn = undefined;
    }
  }
}
