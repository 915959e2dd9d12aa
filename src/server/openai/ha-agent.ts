import type { Request } from "express";
import type { TurnOptions } from "../../agent/assistant.js";
import type { Logger } from "../../logging/logger.js";
import { haUserOf, instructionsOf, isAiTaskPrompt, languageLineOf, speakerOf } from "../../http/ha-prompt.js";
import { withoutProgress } from "../../http/ha-speech.js";
import { cameFromTrustedSource } from "../../http/source-access.js";
import type { LastVoiceRoom } from "../../http/voice-room.js";
import { HOUSEHOLD, personRequester } from "../../store/conversation-access.js";
import type { ProgressWords } from "../../words/speech.js";
import { speechFor } from "../../words/speech-for.js";
import { turnLanguage } from "../../words/turn-language.js";
import type { CompletionRequest } from "./request.js";

/**
 * The base URL Home Assistant's OpenAI-compatible conversation agent (`llama_cpp`, HA 2026.8+) is given,
 * on the Assist port: `http://<host>:<port>/ha/v1`. A request here is HA's by the address it was set up
 * with. HA says nothing else of itself: its OpenAI SDK (openai 3.26) sends its own User-Agent
 * (`AsyncOpenAI/Python …`) over HA's, the key is whatever the user typed, and `user` is HA's conversation id
 * (homeassistant/components/llama_cpp/entity.py, `user=chat_log.conversation_id`).
 */
export const HA_BASE = "/ha/v1";

/** The source of the conversations HA's OpenAI-compatible agent holds with Cyrene. */
export const HA_OPENAI_SOURCE = "ha_openai";

/** What the /ha/v1 routes need besides the /v1 ones (listeners.ts hands it over, for the Assist port). */
export interface HaAgentDeps {
  /** A voice turn answers within this long. */
  deadlineMs: number;
  /** A slow voice turn says what it is doing (default on). */
  spokenProgress?: boolean;
  /** Where the room HA told on each voice turn is kept, for Status. */
  voiceRoom?: LastVoiceRoom;
  logger?: Logger;
  time: { now(): number };
}

/** How a request of HA's agent is run and answered. */
export interface HaTurn {
  /** HA speaks the answer (its conversation agent), as opposed to data for an automation. */
  spoken: boolean;
  /** Spoken progress while the turn is slow, in the turn's language (a streamed spoken answer). */
  progress?: ProgressWords;
  /** What the turn is asked with, on top of what every /v1 turn gets. */
  options: Pick<
    TurnOptions,
    "requester" | "person" | "voice" | "deadlineMs" | "speaker" | "resent" | "language"
  > & {
    instructions?: string;
    externalId?: string;
  };
}

// HA's conversation ids are ULIDs; anything else in `user` is not one and continues nothing.
const CONVERSATION_ID = /^[\w.:-]{1,128}$/;

/**
 * A request of HA's agent as a turn. Its turns are the household's voice, like the Ollama integration's:
 * HA's conversation id in `user` names no person, it is the conversation's own id (a follow-up continues
 * the stored conversation). When HA's system text names the user it acts for (the line DOCS gives) and the
 * request came from HA's side (a trusted source, not just the API token), that person owns the turn.
 */
export function haTurnOf(request: CompletionRequest, req: Request, deps: HaAgentDeps): HaTurn {
  const system = request.instructions ?? "";
  const spoken = !request.output && !isAiTaskPrompt(system);
  const user = cameFromTrustedSource(req) ? haUserOf(system) : undefined;
  const speaker = spoken ? speakerOf(system) : undefined;
  if (spoken) noteSpeaker(deps, speaker);
  const said = request.last.kind === "user" ? request.last.text : "";
  // HA's pipeline language, when its instructions carry the line DOCS gives; else read from the words.
  const language = turnLanguage(languageLineOf(system), said);
  return {
    spoken,
    ...(spoken && request.stream && deps.spokenProgress !== false
      ? { progress: speechFor(language).progress }
      : {}),
    options: {
      language,
      requester: user ? personRequester(user.id) : HOUSEHOLD,
      ...(user ? { person: { id: user.id, name: user.name } } : {}),
      instructions: instructionsOf(system),
      externalId: CONVERSATION_ID.test(request.caller) ? request.caller : undefined,
      // HA resends the progress lines it was streamed inside the answers: they are not the answers.
      resent: spoken
        ? request.prior.map((m) =>
            m.role === "assistant" ? { ...m, content: withoutProgress(m.content) } : m,
          )
        : request.prior,
      ...(speaker ? { speaker: { deviceId: speaker.deviceId, area: speaker.area } } : {}),
      ...(spoken ? { voice: true, deadlineMs: deps.deadlineMs } : {}),
    },
  };
}

/** Keeps what HA told of the speaker's room for Status. */
function noteSpeaker(deps: HaAgentDeps, speaker: ReturnType<typeof speakerOf>): void {
  deps.voiceRoom?.record({
    at: deps.time.now(),
    via: speaker?.via,
    area: speaker?.area,
    deviceId: speaker?.deviceId,
  });
  if (speaker && !speaker.area && speaker.deviceId) {
    deps.logger?.info(
      { speaker: speaker.deviceId, via: speaker.via },
      "HA named no room for this voice turn (its satellite is unknown to HA, in no area, or its area was deleted): no room is assumed",
    );
  }
}
