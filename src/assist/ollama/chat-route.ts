import { Router } from "express";
import type { TurnOptions, TurnOutcome } from "../../agent/assistant.js";
import type { AgentEvent } from "../../agent/events.js";
import { DomainError } from "../../domain-error.js";
import { answerOf, HttpError } from "../../http/errors.js";
import { abortOnDisconnect } from "../../http/sse.js";
import { HOUSEHOLD, personRequester } from "../../store/conversation-access.js";
import type { HaUser } from "../../http/ha-prompt.js";
import { cameFromTrustedSource } from "../../http/source-access.js";
import type { ToolDefinition } from "../../tools/contract.js";
import type { OllamaAppDeps } from "./deps.js";
import { loadedLine, sendWholeChat, StreamedChat, Timing, type AnswerShape } from "./chat-answer.js";
import { writeNdjson } from "./ndjson.js";
import { parseChat, type ChatRequest } from "./request.js";
import { withoutProgress } from "../../http/ha-speech.js";
import type { TurnLanguage } from "../../words/language.js";
import { speechFor } from "../../words/speech-for.js";
import { turnLanguage } from "../../words/turn-language.js";

/** The source of the conversations HA's Ollama integration holds with Cyrene. */
export const OLLAMA_SOURCE = "ollama";

type ChatDeps = Pick<
  OllamaAppDeps,
  "assistant" | "policy" | "deadlineMs" | "logger" | "toolNames" | "voiceRoom" | "spokenProgress" | "time"
>;

/**
 * POST /api/chat. HA sends its whole (trimmed) history each time, with its own system prompt and no
 * conversation id: the history finds the stored conversation it continues, and what HA is shown is
 * recorded so its next request finds it again.
 */
export function chatRoutes(deps: ChatDeps): Router {
  const router = Router();

  router.post("/api/chat", async (req, res) => {
    const request = parseChat(req.body);
    const spoken = request.purpose === "conversation";
    // Set once for the turn: HA's pipeline language where the instructions carry it, else the words'.
    const language = turnLanguage(request.language, userText(request));
    const shape: AnswerShape = {
      model: request.model,
      spoken,
      ha: request.fromHa,
      // HA's conversation agent streams to TTS: a slow turn says what it is doing (agent/spoken-progress.ts).
      ...(spoken && request.stream && deps.spokenProgress !== false
        ? { progress: speechFor(language).progress }
        : {}),
      time: deps.time,
    };
    if (request.ignoredOptions.length > 0)
      deps.logger.debug({ options: request.ignoredOptions }, "Ollama options Cyrene does not use");
    if (request.last.kind === "none") {
      const line = loadedLine(request.model, deps.time);
      return request.stream ? writeNdjson(res, [line]) : void res.json(line);
    }
    const signal = abortOnDisconnect(res);
    const timing = new Timing();
    const streamed = request.stream ? new StreamedChat(res, shape, timing) : undefined;
    const emit = (event: AgentEvent) => {
      if (event.type === "text") timing.firstText();
      streamed?.event(event);
    };
    let outcome: TurnOutcome;
    try {
      // The person HA names owns the turn, when HA itself says so (not a caller with the token alone).
      const haUser = cameFromTrustedSource(req) ? request.haUser : undefined;
      outcome = await runTurn(deps, request, language, haUser, signal, emit);
    } catch (error) {
      // A refusal found once the stream is open (a tool result that answers no paused turn).
      if (!streamed || !(error instanceof DomainError)) throw error;
      const { message, status } = answerOf(error);
      return streamed.fail(message, status);
    }
    if (outcome.error?.kind === "aborted") return;
    if (streamed) return streamed.finish(outcome);
    sendWholeChat(res, shape, outcome, timing);
  });

  return router;
}

/**
 * A new turn in the conversation HA's history continues, or the paused turn HA's tool results answer.
 * Turns HA will speak are voice turns under the voice deadline; AI Task turns are neither.
 */
async function runTurn(
  deps: ChatDeps,
  request: ChatRequest,
  language: TurnLanguage,
  haUser: HaUser | undefined,
  signal: AbortSignal,
  emit: (event: AgentEvent) => void,
): Promise<TurnOutcome> {
  const { assistant } = deps;
  const spoken = request.purpose === "conversation";
  if (spoken) noteSpeaker(deps, request);
  const options: TurnOptions = {
    policy: deps.policy,
    language,
    signal,
    // Unless HA names the user it acts for, it does not say who speaks: the household's voice, which
    // never reaches a person's own chats.
    requester: haUser ? personRequester(haUser.id) : HOUSEHOLD,
    ...(haUser ? { person: { id: haUser.id, name: haUser.name } } : {}),
    clientTools: clientToolsOf(deps, request),
    params: request.params,
    output: request.output,
    // HA resends the progress lines it was streamed inside the answers: they are not the answers.
    resent: spoken
      ? request.prior.map((m) => (m.role === "assistant" ? { ...m, content: withoutProgress(m.content) } : m))
      : request.prior,
    speaker: request.speaker && { deviceId: request.speaker.deviceId, area: request.speaker.area },
    ...(spoken ? { voice: true, deadlineMs: deps.deadlineMs } : {}),
  };
  const { last } = request;
  if (last.kind === "tool_results") {
    const toolResults = last.results.map((content) => ({ content }));
    const echoed = { calls: last.calls, toolNames: last.toolNames };
    return assistant.resume({ ...options, source: OLLAMA_SOURCE, toolResults, echoed }, emit);
  }
  if (last.kind === "none") throw new HttpError(400, "There is no message to answer.");
  return assistant.turn(
    { ...options, message: last.text, source: OLLAMA_SOURCE, instructions: request.instructions },
    emit,
  );
}

/** HA's tools, less those whose names Cyrene's own tools have (HA cannot rename them, so refusing would fail every turn). */
function clientToolsOf(deps: ChatDeps, request: ChatRequest): ToolDefinition[] {
  if (request.clientTools.length === 0 || !deps.toolNames) return request.clientTools;
  const own = new Set(deps.toolNames());
  const clashing = request.clientTools.filter((tool) => own.has(tool.name)).map((tool) => tool.name);
  if (clashing.length === 0) return request.clientTools;
  deps.logger.warn({ tools: clashing }, "HA tools left out: Cyrene has tools of the same names");
  return request.clientTools.filter((tool) => !own.has(tool.name));
}

/** Keeps what HA told of the speaker's room for Status, and says so in the log when it told no room. */
function noteSpeaker(deps: ChatDeps, request: ChatRequest): void {
  const { speaker } = request;
  deps.voiceRoom?.record({
    at: deps.time.now(),
    via: speaker?.via,
    area: speaker?.area,
    deviceId: speaker?.deviceId,
  });
  if (speaker && !speaker.area) {
    // Only a device id tells a satellite HA could not place from a typed conversation, which has none.
    deps.logger[speaker.deviceId ? "info" : "debug"](
      { speaker: speaker.deviceId ?? null, via: speaker.via },
      "HA named no room for this voice turn (its satellite is unknown to HA, in no area, or its area was deleted): no room is assumed",
    );
  }
}

/** The user's newest words: the message, or (for tool results) the last one before them. */
function userText(request: ChatRequest): string {
  if (request.last.kind === "user") return request.last.text;
  return request.prior.findLast((m) => m.role === "user")?.content ?? "";
}
