import type { ProgressWords } from "../words/speech.js";
import { describeCall } from "./call-progress.js";
import type { AgentEvent } from "./events.js";

export interface ProgressTiming {
  /** With nothing spoken yet, the first line comes after this long. */
  firstMs: number;
  /** Once speaking, a further line comes after this long without anything said. */
  gapMs: number;
  /** The model's own words are not interrupted: a line waits until they have paused this long. */
  quietMs: number;
}

/**
 * 1.2 s before the first line: a quick turn (a light switched, about a second) is over before it. A
 * further line 3.5 s after the last words: a Voice PE wedges when streamed text pauses for 5 s
 * (esphome/home-assistant-voice-pe#612), and the bound is 4 s.
 */
export const VOICE_PROGRESS: ProgressTiming = { firstMs: 1_200, gapMs: 3_500, quietMs: 600 };

/**
 * Spoken progress for a voice turn that streams: when the turn has said nothing a listener hears and the
 * first moment has passed (a tool still running, the model slow to answer), one short line in the
 * user's language that says what is happening, made from the call ("Searching the web for …"); once
 * speaking, a further line whenever the words would pause too long, until the turn ends. The lines go
 * to `say` only: they are not the answer, are not stored, and reach only the entry point that made this.
 *
 * The entry point tells it what its listener hears: `spoke()` each time words went out that the
 * listener will hear now (HA only starts speaking after enough text; see http/ha-speech.ts).
 */
export class SpokenProgress {
  private readonly running = new Map<string, { name: string; arguments: string; told: boolean }>();
  private speaking = false;
  private lastSpoke = 0;
  private lastText = -Infinity;
  private roundText = false;
  private toolsRan = false;
  private handedOff = false;
  private handOffTold = false;
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    /** The progress lines in the turn's language (words/speech-for.ts). */
    private readonly words: ProgressWords,
    private readonly say: (line: string) => void,
    private readonly timing: ProgressTiming = VOICE_PROGRESS,
  ) {
    this.schedule(timing.firstMs);
  }

  /** Follows the turn's events (call it before the entry point renders each). */
  observe(event: AgentEvent): void {
    switch (event.type) {
      case "text":
        this.lastText = performance.now();
        this.roundText = true;
        break;
      case "tool_started":
        this.running.set(event.callId, { name: event.name, arguments: event.arguments, told: false });
        this.roundText = false;
        break;
      case "tool_finished":
        this.running.delete(event.callId);
        this.toolsRan = true;
        if (event.background) this.handedOff = true;
        break;
      case "round_finished":
        this.roundText = false;
        break;
      case "final":
        this.close();
        break;
    }
  }

  /** Words went out that the listener hears now: the silence starts again from here. */
  spoke(): void {
    this.speaking = true;
    this.lastSpoke = performance.now();
    this.schedule(this.timing.gapMs);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule(inMs: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.max(0, inMs));
    this.timer.unref?.();
  }

  private tick(): void {
    if (this.closed) return;
    const now = performance.now();
    if (this.speaking && now - this.lastSpoke < this.timing.gapMs) {
      return this.schedule(this.lastSpoke + this.timing.gapMs - now);
    }
    // Before speaking, the model's own sentence still coming is not broken into; once the silence is
    // too long, it is.
    const quietFor = now - this.lastText;
    if (!this.speaking && this.roundText && quietFor < this.timing.quietMs) {
      return this.schedule(this.timing.quietMs - quietFor);
    }
    this.say(this.line());
    // `say` normally makes the listener hear it (spoke() reschedules); if not, try again after a gap.
    if (!this.speaking) this.schedule(this.timing.gapMs);
  }

  private line(): string {
    const untold = [...this.running.values()].find((call) => !call.told);
    if (untold) {
      untold.told = true;
      return describeCall(untold.name, untold.arguments, this.words);
    }
    const lines = this.words;
    if (this.running.size > 0) return lines.still;
    if (this.handedOff && !this.handOffTold) {
      this.handOffTold = true;
      return lines.handedOff;
    }
    if (this.handedOff) return lines.still;
    return this.toolsRan ? lines.answering : lines.thinking;
  }
}
