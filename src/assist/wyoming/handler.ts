import type { Assistant } from "../../agent/assistant.js";
import type { AgentEvent, FinalEvent } from "../../agent/events.js";
import { toSpeech } from "../../agent/spoken.js";
import type { Logger } from "../../logging/logger.js";
import { HOUSEHOLD } from "../../store/conversation-access.js";
import type { ToolPolicy } from "../../tools/policy.js";
import type { WyomingEvent } from "./framing.js";
import type { TurnLanguage } from "../../words/language.js";
import { speechFor } from "../../words/speech-for.js";
import type { VoiceWords } from "../../words/speech.js";
import { transcriptLanguage } from "./language.js";
import { withTimeout } from "../../time/timeout.js";

export interface TranscriptDeps {
  assistant: Assistant;
  policy: ToolPolicy;
  logger: Logger;
  /** HA waits without a timeout of its own: the answer leaves within this long, whatever runs behind it. */
  deadlineMs: number;
}

/** What HA's conversation ids look like (ULIDs); anything unlike an id starts a conversation of its own. */
const CONVERSATION_ID = /^[\w.:-]{1,128}$/;
/** What an HA device id looks like (HA makes 32 hex digits); anything else names no device. */
const DEVICE_ID = /^[\w-]{1,64}$/;
const SOURCE = "wyoming";

/** Where a turn has got to, as its events tell it. */
class Progress {
  started = false;
  text = "";
  private readonly running = new Set<string>();
  private backgrounded = false;

  readonly track = (event: AgentEvent): void => {
    if (event.type === "turn_started") this.started = true;
    else if (event.type === "text") this.text += event.text;
    else if (event.type === "tool_started") this.running.add(event.callId);
    else if (event.type === "tool_finished") {
      this.running.delete(event.callId);
      if (event.background) this.backgrounded = true;
    }
  };

  /** A tool is still at work (or went on in the background): its result will come. */
  get working(): boolean {
    return this.running.size > 0 || this.backgrounded;
  }
}

/**
 * A `transcript` → one turn of the conversation HA's conversation id names → `handled {text}` with the
 * reply as it should be spoken, or `not-handled {text}` when the turn failed. Always within the
 * deadline: the turn gets a little less than it so the LLM is cut off first and what it said arrives;
 * if the turn is still busy at the deadline (a slow tool), the answer says so and the turn goes on.
 */
export async function answerTranscript(event: WyomingEvent, deps: TranscriptDeps): Promise<WyomingEvent> {
  const text = typeof event.data.text === "string" ? event.data.text.trim() : "";
  const language = transcriptLanguage(event, text);
  // What Cyrene says of its own (nothing to speak, or not in time), in the turn's language.
  const say = speechFor(language).voice;
  if (!text) return notHandled(say.unheard);
  const context = event.data.context as { conversation_id?: unknown; device_id?: unknown } | undefined;
  const haId = typeof context?.conversation_id === "string" ? context.conversation_id : undefined;
  const externalId = haId && CONVERSATION_ID.test(haId) ? haId : undefined;
  // HA 2026.11 names the satellite that heard the words (older HA sends none): its room comes from HA's registries.
  const deviceId =
    typeof context?.device_id === "string" && DEVICE_ID.test(context.device_id)
      ? context.device_id
      : undefined;

  const progress = new Progress();
  const notStarted = new AbortController();
  const turn = runTurn({ text, language, externalId, deviceId }, progress, notStarted.signal, deps);
  try {
    const outcome = await withTimeout(turn, deps.deadlineMs, () => "deadline" as const);
    if (outcome === "deadline") {
      // Still queued behind another turn of this conversation: it must not run after the user gave up.
      if (!progress.started) notStarted.abort();
      void turn.then(
        (final) =>
          deps.logger.info({ error: final.error?.message }, "wyoming turn finished after its answer"),
        (error: unknown) => deps.logger.error({ err: error }, "wyoming turn failed after its answer"),
      );
      return lateAnswer(progress.text, progress.working, say);
    }
    // A reply of nothing but emoji or a link is done all the same.
    if (!outcome.error) return handled(toSpeech(outcome.text) || say.done);
    if (outcome.error.kind === "deadline") return lateAnswer(outcome.text, progress.working, say);
    deps.logger.warn({ error: outcome.error.message }, "wyoming turn failed");
    return notHandled(say.failed);
  } catch (error) {
    deps.logger.error({ err: error }, "wyoming turn failed");
    return notHandled(say.failed);
  }
}

/**
 * The turn, in the conversation HA's id names. Two first utterances of one HA conversation cannot both
 * create it: the Assistant stores the first one's conversation before the next event is read. HA does not
 * say who speaks: the turn is the household's voice, which never opens a person's own chats.
 */
function runTurn(
  {
    text,
    language,
    externalId,
    deviceId,
  }: { text: string; language: TurnLanguage; externalId?: string; deviceId?: string },
  progress: Progress,
  signal: AbortSignal,
  deps: TranscriptDeps,
): Promise<FinalEvent> {
  return deps.assistant.turn(
    {
      message: text,
      source: SOURCE,
      requester: HOUSEHOLD,
      language,
      externalId,
      ...(deviceId ? { speaker: { deviceId } } : {}),
      policy: deps.policy,
      voice: true,
      deadlineMs: turnDeadline(deps.deadlineMs),
      signal,
    },
    progress.track,
  );
}

/** The turn's own deadline: early enough that its cut-short answer reaches HA before ours fires. */
export function turnDeadline(deadlineMs: number): number {
  return deadlineMs - Math.min(1_000, deadlineMs / 5);
}

/**
 * The answer when time ran out. With a tool still at work the request is under way, so it is handled
 * ("still working on it") and the result comes in the next turn; with nothing at work it failed.
 */
function lateAnswer(partial: string, working: boolean, say: VoiceWords): WyomingEvent {
  const spoken = toSpeech(partial);
  if (working) return handled(spoken ? `${spoken} ${say.stillWorking}` : say.stillWorking);
  return spoken ? handled(spoken) : notHandled(say.tooSlow);
}

function handled(text: string): WyomingEvent {
  return { type: "handled", data: { text } };
}

function notHandled(text: string): WyomingEvent {
  return { type: "not-handled", data: { text } };
}
