/**
 * When Home Assistant starts speaking what its conversation agent streams (the Ollama integration, or
 * `llama_cpp` on the OpenAI chat wire), and how a progress line is made to start it.
 *
 * HA's Assist pipeline (homeassistant/components/assist_pipeline/pipeline.py, `chat_log_delta_listener`
 * in `recognize_intent`, HA 2026.2) feeds each assistant content delta into the TTS input stream, but
 * starts TTS streaming only when either
 *   - the content so far is longer than `STREAM_RESPONSE_CHARS` (60, counted with Python's `len`, i.e.
 *     code points), or
 *   - text has come and then a delta with `tool_calls`;
 * until then nothing is spoken before the whole reply is done. The Ollama integration
 * (homeassistant/components/ollama/entity.py, `_transform_stream`) turns each NDJSON line into one such
 * delta and runs any `tool_calls` itself (as HA tools), so the tool-call rule cannot be used; `llama_cpp`
 * (homeassistant/components/llama_cpp/entity.py, `_transform_stream`, HA 2026.8+) does the same with each
 * chat.completion.chunk. A progress
 * line is therefore sent with trailing spaces that bring the content past 60 characters: HA starts
 * streaming at once with the line in it ("正在网上搜索明天上海的天气…" is 14 characters), and TTS engines
 * say nothing for spaces.
 *
 * The line is framed so it can be found in what HA sends back: HA resends its chat log's assistant text,
 * with the line in it, as history, and the line is taken out again (`withoutProgress`) before Cyrene
 * matches the history or shows it to the LLM. Cyrene's spoken text never has a blank line or two spaces
 * in a row (toSpeech and SpeechStream join whitespace), so a line starts after a blank line and ends at
 * the first run of spaces.
 */
export const STREAM_RESPONSE_CHARS = 60;

const EDGE = "\n\n";
const PAD = 2;

/** What HA has been sent, and whether it speaks as the text comes. */
export class HaSpeech {
  private chars = 0;
  streaming = false;

  /** Notes content sent to HA; answers whether HA is now speaking it. */
  sent(content: string): boolean {
    this.chars += [...content].length;
    if (this.chars > STREAM_RESPONSE_CHARS) this.streaming = true;
    return this.streaming;
  }

  /** A progress line as content HA starts speaking at once (and `withoutProgress` can find again). */
  progress(line: string): string {
    const framed = `${EDGE}${line}`;
    const length = this.chars + [...framed].length;
    const pad = Math.max(PAD, STREAM_RESPONSE_CHARS + 1 - length);
    return `${framed}${" ".repeat(pad)}`;
  }
}

const PROGRESS = /\n\n[^\n]*?(?: {2,}|$)/g;

/** An assistant text HA sends back, without the progress lines it was streamed with. */
export function withoutProgress(content: string): string {
  if (!content.includes(EDGE)) return content;
  return content
    .replace(PROGRESS, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}
