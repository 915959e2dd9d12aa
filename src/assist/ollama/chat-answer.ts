import type { Response } from "express";
import type { TurnOutcome } from "../../agent/assistant.js";
import type { AgentEvent } from "../../agent/events.js";
import { SpeechStream, toSpeech } from "../../agent/spoken.js";
import type { LlmToolCall } from "../../llm/messages.js";
import { ollamaError } from "../../http/error-shapes.js";
import { apiErrorOf } from "../../http/turn-errors.js";
import { NdjsonWriter } from "./ndjson.js";
import { argumentsOf } from "../../agent/tool-result-match.js";
import { SpokenProgress } from "../../agent/spoken-progress.js";
import type { ProgressWords } from "../../words/speech.js";
import { HaSpeech } from "../../http/ha-speech.js";
import type { HomeTime } from "../../time/home-time.js";

export interface AnswerShape {
  /** The model as the client named it, echoed on every line. */
  model: string;
  /** HA will speak the answer: Markdown, emoji and links are taken out of it. */
  spoken: boolean;
  /** Home Assistant's integration asks (it cannot catch an error in a stream; see `fail`). */
  ha: boolean;
  /** Spoken progress while the turn is slow, in the turn's language (HA's conversation agent, streamed). */
  progress?: ProgressWords;
  /** The home's time: each line's `created_at`. */
  time: Pick<HomeTime, "now">;
}

/**
 * A turn as Ollama's streamed /api/chat answer: the text as it comes, then the client's tool calls if
 * the turn paused for them, then a `done` line. Every line carries `message.role`, which the ollama
 * client requires of each.
 */
export class StreamedChat {
  private readonly writer: NdjsonWriter;
  private readonly speech?: SpeechStream;
  private readonly heard = new HaSpeech();
  private readonly progress?: SpokenProgress;

  constructor(
    res: Response,
    private readonly shape: AnswerShape,
    private readonly timing: Timing,
  ) {
    this.writer = new NdjsonWriter(res);
    if (shape.spoken) this.speech = new SpeechStream();
    if (shape.spoken && shape.progress) {
      this.progress = new SpokenProgress(shape.progress, (line) => this.sayProgress(line));
    }
  }

  event(event: AgentEvent): void {
    this.progress?.observe(event);
    if (event.type === "text") this.say(this.speech ? this.speech.push(event.text) : event.text);
  }

  finish(outcome: TurnOutcome): void {
    this.progress?.close();
    if (outcome.error) return this.fail(outcome.error.message, apiErrorOf(outcome.error).status);
    if (this.speech) this.say(this.speech.end());
    if (outcome.clientCalls) {
      this.writer.line(this.line({ content: "", tool_calls: outcome.clientCalls.map(toOllamaCall) }));
    }
    this.writer.line({ ...this.line({ content: "" }), ...doneFields(outcome, this.timing) });
    this.writer.end();
  }

  /**
   * A failure as Ollama sends it, which the ollama clients raise: an error status with `{error}` before
   * anything was said, an `error` line after. HA's integration is the exception: it catches neither (they
   * reach HA as an unknown error with a traceback), while an answer with no content at all makes HA report
   * "Unable to get response" as a proper error response and keep nothing of the exchange — as Cyrene keeps
   * nothing of it in what the client was shown. So HA gets that, until text went out. No content, not an
   * empty one: from HA 2026.11 on an empty content is a silent answer that succeeded
   * (conversation/chat_log.py: "An explicit empty content string is preserved as a silent response").
   */
  fail(message: string, status = 500): void {
    this.progress?.close();
    if (this.writer.started) this.writer.line(ollamaError({ message }));
    else if (this.shape.ha) this.writer.line({ ...this.line({}), done: true, done_reason: "error" });
    else this.writer.fail(status, ollamaError({ message }));
    this.writer.end();
  }

  private say(text: string): void {
    if (!text) return;
    this.writer.line(this.line({ content: text }));
    if (this.heard.sent(text)) this.progress?.spoke();
  }

  /** A progress line, sent so that HA speaks it at once (see ha-speech.ts); never part of the answer. */
  private sayProgress(line: string): void {
    if (this.writer.ended) return this.progress?.close();
    // What the model said before it goes first, whole.
    if (this.speech) this.say(this.speech.end());
    const content = this.heard.progress(line);
    this.writer.line(this.line({ content }));
    this.heard.sent(content);
    this.progress?.spoke();
  }

  private line(message: Record<string, unknown>) {
    return {
      model: this.shape.model,
      created_at: new Date(this.shape.time.now()).toISOString(),
      message: { role: "assistant", ...message },
      done: false,
    };
  }
}

/** A turn as Ollama's answer to `stream: false`; a failed turn as an error status with `{error}`. */
export function sendWholeChat(res: Response, shape: AnswerShape, outcome: TurnOutcome, timing: Timing): void {
  if (outcome.error) {
    res.status(apiErrorOf(outcome.error).status).json(ollamaError(outcome.error));
    return;
  }
  const calls = outcome.clientCalls;
  res.json({
    model: shape.model,
    created_at: new Date(shape.time.now()).toISOString(),
    message: {
      role: "assistant",
      content: shape.spoken ? toSpeech(outcome.text) : outcome.text,
      ...(calls ? { tool_calls: calls.map(toOllamaCall) } : {}),
    },
    ...doneFields(outcome, timing),
  });
}

/** Ollama reports durations in nanoseconds: the wait for the first text, and the rest of the turn. */
export class Timing {
  private readonly started = performance.now();
  private first?: number;

  firstText(): void {
    this.first ??= performance.now();
  }

  durations() {
    const now = performance.now();
    const first = this.first ?? now;
    const ns = (ms: number) => Math.round(ms * 1e6);
    return {
      total_duration: ns(now - this.started),
      load_duration: 0,
      prompt_eval_duration: ns(first - this.started),
      eval_duration: ns(now - first),
    };
  }
}

function doneFields(outcome: TurnOutcome, timing: Timing) {
  return {
    done: true,
    done_reason: "stop",
    ...timing.durations(),
    prompt_eval_count: outcome.usage.promptTokens,
    eval_count: outcome.usage.completionTokens,
  };
}

/** The answer to a request without messages, which Ollama clients send to load a model. */
export function loadedLine(model: string, time: Pick<HomeTime, "now">) {
  return {
    model,
    created_at: new Date(time.now()).toISOString(),
    message: { role: "assistant", content: "" },
    done: true,
    done_reason: "load",
  };
}

/** Ollama's tool call: no id, and the arguments as an object (HA's client rejects a string). */
function toOllamaCall(call: LlmToolCall) {
  return { function: { name: call.name, arguments: argumentsOf(call.arguments) } };
}
