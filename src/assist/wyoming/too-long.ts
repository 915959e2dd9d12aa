import { MAX_MESSAGE_CHARS } from "../../http/message-limit.js";
import type { WyomingEvent } from "./framing.js";
import { languageOf } from "../../text/language.js";

const SAY = {
  zh: (length: number) =>
    `这段话太长了（${length} 个字符，最多 ${MAX_MESSAGE_CHARS} 个），我没有处理。请说短一些。`,
  en: (length: number) =>
    `That was too long (${length} characters, at most ${MAX_MESSAGE_CHARS}), so I did not act on it. Please say it in fewer words.`,
};

/**
 * A transcript longer than every entry point accepts never reaches the LLM. It is answered with
 * Wyoming's `error {text, code}` for clients that read it, then `not-handled` with the same words: HA's
 * agent waits for handled or not-handled and nothing else, without a timeout.
 */
export function refuseTooLong(event: WyomingEvent): WyomingEvent[] | undefined {
  const text = typeof event.data.text === "string" ? event.data.text : "";
  if (text.length <= MAX_MESSAGE_CHARS) return undefined;
  const said = SAY[languageOf(text)](text.length);
  return [
    { type: "error", data: { text: said, code: "message_too_long" } },
    { type: "not-handled", data: { text: said } },
  ];
}
