import { MAX_MESSAGE_CHARS } from "../../http/message-limit.js";
import type { WyomingEvent } from "./framing.js";
import { speechFor } from "../../words/speech-for.js";
import { transcriptLanguage } from "./language.js";

/**
 * A transcript longer than every entry point accepts never reaches the LLM. It is answered with
 * Wyoming's `error {text, code}` for clients that read it, then `not-handled` with the same words: HA's
 * agent waits for handled or not-handled and nothing else, without a timeout.
 */
export function refuseTooLong(event: WyomingEvent): WyomingEvent[] | undefined {
  const text = typeof event.data.text === "string" ? event.data.text : "";
  if (text.length <= MAX_MESSAGE_CHARS) return undefined;
  const language = transcriptLanguage(event, text);
  const said = speechFor(language).voice.tooLong(text.length, MAX_MESSAGE_CHARS);
  return [
    { type: "error", data: { text: said, code: "message_too_long" } },
    { type: "not-handled", data: { text: said } },
  ];
}
