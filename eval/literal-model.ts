/**
 * The literal-minded model of the CI eval: it calls iot_control with the case's expected service and
 * data, and as target either the user's whole sentence or the sentence without its command words, then
 * reports what the tool said. It knows nothing of the home: the target is only the user's words.
 */
import type { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import type { EvalCase } from "./dataset.js";

export type TargetStyle = "stripped" | "whole";

// The eval's own short list, kept apart from Cyrene's resolver so that the floor measures the resolver.
const COMMAND_WORDS =
  /\b(?:please|can you|could you|turn|switch|set|make|start|stop|open|close|lock|unlock|pause|unpause|resume|on|off|to|the)\b|\b\d+\s*(?:%|percent\b|degrees?\b(?: celsius\b)?)/gi;
const COMMAND_WORDS_ZH = /请|帮我|把|打开|关闭|关掉|关上|开启|调到\d+%?度?|设为\d+度?|一下|吧/g;
/**
 * Words by which a person asks for the whole home, and words by which they ask for all of something, in the
 * eval's languages. iot_control's `all` is "only if the user asked for all (所有/全部)": a model that copies
 * the person's words passes it where the sentence asks for the whole home, or for all with no room known
 * to be the speaker's (the home as the sentence's last words, not "the home theater"; spoken in a room, "all the lights" is that room's, as HA's intents read it).
 * Kept apart from Cyrene's packs, like the lists above.
 */
const WHOLE_HOME =
  /\b(?:everywhere|im ganzen haus|partout)\b|überall|\b(?:(?:in|of) (?:the|our|my) (?:house|home)|la maison)\s*[.?!]?\s*$|家里|全屋/i;
const ALL_WORDS = /\b(?:all|every|alle[ns]?|sämtliche[n]?|tout|toute|tous|toutes)\b|所有|全部/i;

/** The person asked for all of something: the whole home, or all of a kind where no room is theirs. */
export function asksForAll(sentence: string, speakerRoomKnown: boolean): boolean {
  return WHOLE_HOME.test(sentence) || (!speakerRoomKnown && ALL_WORDS.test(sentence));
}

/** The sentence minus its command words: "Please turn on the Garage Light" → "Garage Light". */
export function withoutCommandWords(sentence: string): string {
  const out = sentence.replace(COMMAND_WORDS_ZH, "").replace(COMMAND_WORDS, " ").replace(/\s+/g, " ").trim();
  return out || sentence;
}

export function scriptLiteralModel(llm: ScriptedLlm, c: EvalCase, style: TargetStyle): void {
  const target = style === "whole" ? c.sentence : withoutCommandWords(c.sentence);
  const args = {
    service: c.service,
    target,
    ...(Object.keys(c.data).length ? { data: c.data } : {}),
    ...(asksForAll(c.sentence, c.speakerArea !== undefined) ? { all: true } : {}),
  };
  llm.reset();
  llm.script({ toolCalls: [{ name: "iot_control", arguments: args }] }, (request) => {
    const result = request.body.messages.filter((m) => m.role === "tool").at(-1)?.content;
    return {
      text:
        typeof result === "string" && result.includes('"success":true') ? "Done." : "I could not do that.",
    };
  });
}

/** The literal model carries out what the user confirmed, with the id the tool gave. */
export function scriptConfirmation(llm: ScriptedLlm, confirmationId: string): void {
  llm.reset();
  llm.script(
    { toolCalls: [{ name: "iot_control", arguments: { confirmation_id: confirmationId } }] },
    { text: "Done." },
  );
}
