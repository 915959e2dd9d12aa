import { Router, type Request, type Response } from "express";
import type { Assistant, TurnOptions, TurnOutcome } from "../../agent/assistant.js";
import type { AgentEvent } from "../../agent/events.js";
import type { LlmClient } from "../../llm/client.js";
import type { LlmToolCall, LlmUsage } from "../../llm/messages.js";
import { clientRequester, type Requester } from "../../store/conversation-access.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { RequestLedger } from "../../store/idempotency.js";
import { passThrough } from "../openai/direct.js";
import { unknownFields } from "../openai/completion-body.js";
import { AGENT_MODEL, MODELS, modelOf, parseCompletion, type CompletionRequest } from "../openai/request.js";
import type { Logger } from "../../logging/logger.js";
import { CompletionStream } from "../openai/stream.js";
import { openAiError } from "../../http/error-shapes.js";
import { abortOnDisconnect } from "../../http/sse.js";
import { apiErrorOf, NO_RETRY } from "../../http/turn-errors.js";
import type { HomeTime } from "../../time/home-time.js";
import { SpeechStream, toSpeech } from "../../agent/spoken.js";
import { SpokenProgress } from "../../agent/spoken-progress.js";
import { HaSpeech } from "../../http/ha-speech.js";
import type { ToolDefinition } from "../../tools/contract.js";
import { HA_BASE, HA_OPENAI_SOURCE, haTurnOf, type HaAgentDeps, type HaTurn } from "../openai/ha-agent.js";

/** Sent back on every answer; a client that returns it continues the stored conversation. */
export const CONVERSATION_HEADER = "x-cyrene-conversation-id";

export interface OpenAiRouteDeps {
  assistant: Assistant;
  policy: ToolPolicy;
  llm: LlmClient;
  /** For unknown request fields, at debug. */
  logger?: Logger;
  /** The names of the tools Cyrene offers under `policy` (a client tool may not take one). */
  toolNames: () => string[];
  /** The instant the answers are stamped with (`created`). */
  time: Pick<HomeTime, "now">;
  /** Also serve Home Assistant's OpenAI-compatible agent at /ha/v1 (the Assist port). */
  homeAssistant?: HaAgentDeps;
}

/**
 * An OpenAI-compatible front. Model `cyrene` is the agent: Cyrene's tools run inside the turn, the
 * conversation is stored, and tools the client sends are offered beside Cyrene's (a call to one goes
 * back to the client, whose tool results resume the turn). Model `cyrene-direct` passes the request
 * to the LLM as it is, for the side tasks chat UIs send (titles, tags). With `homeAssistant`, the same
 * wire at /ha/v1 is Home Assistant's conversation agent (see openai/ha-agent.ts): the household's voice
 * (or the person HA names), spoken answers, the speaker's room and spoken progress.
 */
export function openAiRoutes(deps: OpenAiRouteDeps): Router {
  const router = Router();
  const ledger = new RequestLedger<TurnOutcome>(undefined, deps.time);
  const modelEntry = (id: string) => ({ id, object: "model", created: 0, owned_by: "cyrene" });

  const bases = deps.homeAssistant ? ["/v1", HA_BASE] : ["/v1"];
  for (const base of bases) {
    router.get(`${base}/models`, (_req, res) => {
      res.json({ object: "list", data: MODELS.map(modelEntry) });
    });
    router.get(`${base}/models/:id`, (req, res) => {
      res.json(modelEntry(modelOf(req.params.id)));
    });
  }

  router.post("/v1/chat/completions", (req, res) => complete(deps, ledger, req, res));
  if (deps.homeAssistant) {
    const ha = deps.homeAssistant;
    router.post(`${HA_BASE}/chat/completions`, (req, res) => complete(deps, ledger, req, res, ha));
  }

  return router;
}

/** One request to chat/completions: a /v1 client's, or (with `ha`) Home Assistant's agent's. */
async function complete(
  deps: OpenAiRouteDeps,
  ledger: RequestLedger<TurnOutcome>,
  req: Request,
  res: Response,
  ha?: HaAgentDeps,
): Promise<void> {
  // HA cannot rename its tools: one named like Cyrene's is left out rather than refused.
  const request = parseCompletion(req.body, ha ? [] : deps.toolNames());
  if (ha) {
    request.clientTools = withoutClashes(request.clientTools, deps);
    // HA sends its subentry's sampling (max_tokens 3000, temperature 0.7, top_p 1 unless changed) on every
    // request, tuned for a llama.cpp model: Cyrene's own LLM settings rule (a model that takes only
    // temperature 1 would refuse HA's 0.7).
    request.params = {};
  }
  const ignored = unknownFields(req.body);
  if (ignored.length > 0) deps.logger?.debug({ fields: ignored }, "unknown /v1 request fields ignored");
  // A provider that enforces a JSON schema gets it; Cyrene's check and retry stay as the guard.
  if (request.rawResponseFormat?.type === "json_schema" && deps.llm.enforcesJsonSchema)
    request.params.response_format = request.rawResponseFormat;
  const signal = abortOnDisconnect(res);
  if (request.model !== AGENT_MODEL) return passThrough(deps.llm, request, res, signal, deps.time);

  const haTurn = ha ? haTurnOf(request, req, ha) : undefined;
  // Behind ingress the signed-in person asks (and `user` is only a label); otherwise the `user` field.
  // HA's agent: the household's voice, or the person HA names.
  const asking = {
    requester: haTurn?.options.requester ?? clientRequester(req.person?.id, request.caller),
    named: req.get(CONVERSATION_HEADER) ?? request.conversationId,
  };
  // A repeat of a request already received (an SDK's retry) is answered from the first one's result.
  const key = req.get("idempotency-key");
  const claim = await ledger.claim({
    owner: asking.requester.owner,
    key,
    body: [asking.named ?? null, req.body],
  });
  const render = request.stream ? new StreamedAnswer(res, request, deps.time.now(), haTurn) : undefined;
  if (claim.kind === "replay") return answer(res, request, claim.result, render, deps.time, haTurn);
  let outcome: TurnOutcome | undefined;
  try {
    const turn = startTurn(deps, request, asking, signal, haTurn);
    outcome = await turn((event) => render?.event(event));
  } finally {
    claim.settle(outcome && replayable(outcome, Boolean(key)) ? outcome : undefined);
  }
  if (outcome.error?.kind === "aborted") return;
  answer(res, request, outcome, render, deps.time, haTurn);
}

/** HA's tools, less those whose names Cyrene's own tools have. */
function withoutClashes(tools: ToolDefinition[], deps: OpenAiRouteDeps): ToolDefinition[] {
  if (tools.length === 0) return tools;
  const own = new Set(deps.toolNames());
  const clashing = tools.filter((tool) => own.has(tool.name)).map((tool) => tool.name);
  if (clashing.length === 0) return tools;
  deps.logger?.warn({ tools: clashing }, "HA tools left out: Cyrene has tools of the same names");
  return tools.filter((tool) => !own.has(tool.name));
}

type StartedTurn = (emit: (event: AgentEvent) => void) => Promise<TurnOutcome>;

/**
 * The turn a request asks for: a paused one resumed with the client's tool results, or a new one in the
 * conversation named or continued by the resent history (the Assistant finds it; a named one the
 * requester may not open is answered 404, as one that does not exist).
 */
function startTurn(
  { assistant, policy }: OpenAiRouteDeps,
  request: CompletionRequest,
  { requester, named }: { requester: Requester; named: string | undefined },
  signal: AbortSignal,
  ha?: HaTurn,
): StartedTurn {
  const { instructions, externalId, ...haOptions } = ha?.options ?? {};
  const options: TurnOptions = {
    policy,
    signal,
    requester,
    clientTools: request.clientTools,
    toolChoice: request.toolChoice,
    params: request.params,
    output: request.output,
    resent: request.prior,
    ...haOptions,
  };
  const { last } = request;
  if (last.kind === "tool_results") {
    return (emit) => assistant.resume({ ...options, conversationId: named, toolResults: last.results }, emit);
  }
  return (emit) =>
    assistant.turn(
      {
        ...options,
        message: last.text,
        toolResults: last.toolResults,
        conversationId: named,
        externalId: named === undefined ? externalId : undefined,
        source: ha ? HA_OPENAI_SOURCE : "openai",
        instructions: ha ? instructions : request.instructions,
      },
      emit,
    );
}

/**
 * What a repeat gets instead of a new turn (README, "Turns that run once"). With an Idempotency-Key, any
 * end but a turn the client left. Without one, only a failure: SDKs retry failures, never an answer, and
 * two clients that send the same first message must each get their own conversation.
 */
function replayable(outcome: TurnOutcome, keyed: boolean): boolean {
  if (outcome.error?.kind === "aborted") return false;
  return keyed || outcome.error !== undefined;
}

function answer(
  res: Response,
  request: CompletionRequest,
  outcome: TurnOutcome,
  render: StreamedAnswer | undefined,
  time: Pick<HomeTime, "now">,
  ha?: HaTurn,
): void {
  if (!render) return answerJson(res, request, outcome, time, ha);
  render.event({ type: "turn_started", conversationId: outcome.conversationId, turnId: outcome.turnId });
  render.finish(outcome);
}

function answerJson(
  res: Response,
  request: CompletionRequest,
  outcome: TurnOutcome,
  time: Pick<HomeTime, "now">,
  ha?: HaTurn,
): void {
  res.set(CONVERSATION_HEADER, outcome.conversationId);
  if (outcome.error) {
    const error = apiErrorOf(outcome.error);
    res.status(error.status).set(NO_RETRY).json(openAiError(error));
    return;
  }
  const calls = outcome.clientCalls;
  const text = ha?.spoken ? toSpeech(outcome.text) : outcome.text;
  res.json({
    id: `chatcmpl-${outcome.turnId}`,
    object: "chat.completion",
    created: Math.floor(time.now() / 1000),
    model: request.echoModel,
    choices: [
      {
        index: 0,
        message: calls
          ? { role: "assistant", content: text || null, tool_calls: calls.map(toWireCall) }
          : { role: "assistant", content: text },
        finish_reason: calls ? "tool_calls" : "stop",
        logprobs: null,
      },
    ],
    usage: usageOf(outcome.usage),
  });
}

/**
 * The turn as chat.completion.chunk events: text as it comes, then the tool calls or the end. For HA's
 * agent the text is shaped for speech as it streams, and a slow turn says what it is doing: HA's
 * `llama_cpp` feeds each chunk's content to its Assist pipeline as Ollama's integration does, so the
 * progress lines are made as ha-speech.ts makes them for the Ollama port.
 */
class StreamedAnswer {
  private id = "chatcmpl-cyrene";
  private conversationId = "";
  private readonly created: number;
  private readonly stream: CompletionStream;
  private started = false;
  private readonly speech?: SpeechStream;
  private readonly heard = new HaSpeech();
  private readonly progress?: SpokenProgress;

  constructor(
    res: Response,
    private readonly request: CompletionRequest,
    startedAt: number,
    ha?: HaTurn,
  ) {
    this.created = Math.floor(startedAt / 1000);
    this.stream = new CompletionStream(res, () => ({ [CONVERSATION_HEADER]: this.conversationId }));
    if (ha?.spoken) this.speech = new SpeechStream();
    if (ha?.progress) this.progress = new SpokenProgress(ha.progress, (line) => this.sayProgress(line));
  }

  event(event: AgentEvent): void {
    this.progress?.observe(event);
    if (event.type === "turn_started") {
      this.id = `chatcmpl-${event.turnId}`;
      this.conversationId = event.conversationId;
    } else if (event.type === "text") {
      this.say(this.speech ? this.speech.push(event.text) : event.text);
    }
  }

  finish(outcome: TurnOutcome): void {
    this.progress?.close();
    this.conversationId = outcome.conversationId;
    if (outcome.error) return this.stream.fail(apiErrorOf(outcome.error));
    if (this.speech) this.say(this.speech.end());
    const calls = outcome.clientCalls;
    if (calls) {
      calls.forEach((call, index) =>
        this.delta({
          tool_calls: [
            {
              index,
              id: call.id,
              type: "function",
              function: { name: call.name, arguments: call.arguments },
            },
          ],
        }),
      );
    } else if (!this.started) {
      this.delta({ content: this.speech ? toSpeech(outcome.text) : outcome.text });
    }
    this.stream.chunk(this.chunk({}, calls ? "tool_calls" : "stop"));
    if (this.request.includeUsage)
      this.stream.chunk({ ...this.chunk({}), choices: [], usage: usageOf(outcome.usage) });
    this.stream.done();
  }

  private say(text: string): void {
    if (!text) return;
    this.delta({ content: text });
    if (this.heard.sent(text)) this.progress?.spoke();
  }

  /** A progress line, sent so that HA speaks it at once (see ha-speech.ts); never part of the answer. */
  private sayProgress(line: string): void {
    if (this.stream.closed) return this.progress?.close();
    // What the model said before it goes first, whole.
    if (this.speech) this.say(this.speech.end());
    const content = this.heard.progress(line);
    this.delta({ content });
    this.heard.sent(content);
    this.progress?.spoke();
  }

  private delta(delta: Record<string, unknown>): void {
    if (!this.started) {
      this.started = true;
      this.stream.chunk(this.chunk({ role: "assistant", content: "" }));
    }
    this.stream.chunk(this.chunk(delta));
  }

  private chunk(delta: Record<string, unknown>, finish: string | null = null) {
    return {
      id: this.id,
      object: "chat.completion.chunk",
      created: this.created,
      model: this.request.echoModel,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    };
  }
}

function toWireCall(call: LlmToolCall) {
  return { id: call.id, type: "function" as const, function: { name: call.name, arguments: call.arguments } };
}

export function usageOf(usage: LlmUsage) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    ...(usage.cachedTokens !== undefined
      ? { prompt_tokens_details: { cached_tokens: usage.cachedTokens } }
      : {}),
  };
}
