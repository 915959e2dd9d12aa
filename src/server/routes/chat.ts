import { Router, type Request } from "express";
import { z } from "zod";
import type { Assistant } from "../../agent/assistant.js";
import type { AgentEvent } from "../../agent/events.js";
import type { Requester } from "../../store/conversation-access.js";
import { apiRequester } from "../api-requester.js";
import type { ConversationInfo, ConversationStore } from "../../store/conversations.js";
import type { JobStore } from "../../store/jobs.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { parseBody } from "../../http/body.js";
import { cyreneError } from "../../http/error-shapes.js";
import { answerOf, HttpError } from "../../http/errors.js";
import { MAX_MESSAGE_CHARS } from "../../http/message-limit.js";
import {
  abortOnDisconnect,
  keepAlive,
  openEventStream,
  wantsEventStream,
  writeEvent,
} from "../../http/sse.js";
import { apiErrorOf, NO_RETRY } from "../../http/turn-errors.js";

const chatBody = z.object({
  message: z.string().trim().min(1, "message must not be empty").max(MAX_MESSAGE_CHARS),
  conversation_id: z.string().min(1).optional(),
  /** The person's language as the panel knows it (HA's user language, else the browser's): a BCP 47 tag. */
  language: z
    .string()
    .regex(
      /^[a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{1,8}){0,4}$/,
      "language must be a language tag such as de or zh-CN",
    )
    .optional(),
});

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** An ISO time or ms: conversations updated before it (the next page). */
  before: z.string().optional(),
  q: z.string().trim().max(200).optional(),
  user: z.string().max(200).optional(),
  owner: z.string().optional(),
  /** Only this entry point's conversations (`thinker` lists the Thinker's). */
  source: z.string().trim().max(40).optional(),
  /** `thoughts` lists the Thinker's conversations among the others. */
  include: z.enum(["thoughts"]).optional(),
});

/** The Thinker's conversations live in the Thoughts panel: a chat list leaves them out unless asked. */
const THINKER_SOURCE = "thinker";

export interface ChatRouteDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  jobs: JobStore;
  policy: ToolPolicy;
  /**
   * Everyone may list, open, continue and delete every conversation here (an admin option); otherwise
   * each person only their own. It never widens /v1, the voice, or memory_search.
   */
  showAllConversations: boolean;
}

/** Cyrene's own chat API: JSON replies, or the loop's events as Server-Sent Events. */
export function chatRoutes({
  assistant,
  conversations,
  jobs,
  policy,
  showAllConversations,
}: ChatRouteDeps): Router {
  const router = Router();
  /** The signed-in person behind ingress, or whom the API token's caller names (see api-requester). */
  const requester = (req: Request): Requester => apiRequester(req, showAllConversations);
  /** A conversation the requester may see, or a 404 (someone else's is not shown to exist). */
  const visible = (req: Request, id: string): ConversationInfo => {
    const info = conversations.open(id, requester(req));
    if (!info) throw new HttpError(404, `No conversation with id ${id}`, "not_found");
    return info;
  };

  router.post("/api/chat", async (req, res) => {
    const body = parseBody(chatBody, req.body);
    if (body.conversation_id) visible(req, body.conversation_id);
    const input = {
      message: body.message,
      conversationId: body.conversation_id,
      source: "api",
      requester: requester(req),
      person: req.person,
      policy,
      language: body.language,
    };
    const signal = abortOnDisconnect(res);

    if (wantsEventStream(req.headers.accept)) {
      openEventStream(res);
      const stopKeepAlive = keepAlive(res);
      try {
        const outcome = await assistant.turn({ ...input, signal }, (event) => {
          if (event.type === "round_finished") return;
          writeEvent(res, event.type, eventPayload(event));
          if (event.type === "final" && event.error) {
            const { message, code } = apiErrorOf(event.error);
            writeEvent(res, "error", cyreneError({ message, code }));
          }
        });
        writeEvent(res, "done", { conversation_id: outcome.conversationId });
        return res.end();
      } catch (error) {
        const { message, code, status, type } = answerOf(error);
        writeEvent(
          res,
          "error",
          cyreneError({ message, code: code ?? (status >= 500 ? "internal_error" : type) }),
        );
        throw error;
      } finally {
        stopKeepAlive();
      }
    }

    const toolCalls: Record<string, unknown>[] = [];
    const backgroundResults: Record<string, unknown>[] = [];
    const outcome = await assistant.turn({ ...input, signal }, (event) => {
      if (event.type === "tool_finished") toolCalls.push(eventPayload(event));
      if (event.type === "background_result") backgroundResults.push(eventPayload(event));
    });
    if (outcome.error?.kind === "aborted") return;
    const failure = outcome.error && apiErrorOf(outcome.error);
    if (failure) res.status(failure.status).set(NO_RETRY);
    res.json({
      conversation_id: outcome.conversationId,
      turn_id: outcome.turnId,
      reply: outcome.text,
      rounds: outcome.rounds,
      tool_calls: toolCalls,
      background_results: backgroundResults,
      usage: usagePayload(outcome.usage),
      ...(failure ? { error: cyreneError(failure) } : {}),
    });
  });

  router.get("/api/conversations", (req, res) => {
    const query = parseBody(listQuery, req.query);
    const list = conversations.list({
      limit: query.limit,
      before: instant(query.before),
      query: query.q,
      ...(query.source ? { source: query.source } : query.include ? {} : { excludeSource: THINKER_SOURCE }),
      visibleTo: requester(req),
    });
    const last = list.at(-1);
    res.json({
      conversations: list.map(snakeInfo),
      next_before: list.length === query.limit && last ? new Date(last.updatedAt).toISOString() : null,
    });
  });

  router.get("/api/conversations/:id", (req, res) => {
    const info = visible(req, req.params.id);
    res.json({
      ...snakeInfo(info),
      messages: conversations.stored(info.id, 1000).map((m) => ({
        ...m.message,
        turn_id: m.turnId,
        created_at: new Date(m.createdAt).toISOString(),
      })),
      jobs: jobs.forConversation(info.id).map((job) => ({
        id: job.id,
        tool: job.toolName,
        arguments: job.arguments,
        tool_call_id: job.toolCallId,
        status: job.status,
        result: job.result,
        started_at: new Date(job.startedAt).toISOString(),
        finished_at: job.finishedAt && new Date(job.finishedAt).toISOString(),
        delivered: job.deliveredAt !== null,
      })),
    });
  });

  router.delete("/api/conversations/:id", (req: Request<{ id: string }>, res) => {
    conversations.delete(visible(req, req.params.id).id);
    res.status(204).end();
  });

  return router;
}

/** The public shape of an event: snake_case, without internal fields. */
export function eventPayload(event: AgentEvent): Record<string, unknown> {
  switch (event.type) {
    case "turn_started":
      return { conversation_id: event.conversationId, turn_id: event.turnId };
    case "status":
      return { state: event.state, message: event.message, attempt: event.attempt, of: event.of };
    case "text":
      return { text: event.text };
    case "tool_started":
      return { id: event.callId, name: event.name, arguments: event.arguments };
    case "tool_finished":
      return {
        id: event.callId,
        name: event.name,
        duration_ms: event.durationMs,
        result: event.result,
        ...(event.background ? { background_job_id: event.background.jobId } : {}),
      };
    case "background_result":
      return { job_id: event.jobId, name: event.name, result: event.result };
    case "final":
      return {
        text: event.text,
        rounds: event.rounds,
        usage: usagePayload(event.usage),
        ...(event.error
          ? { error: cyreneError({ message: event.error.message, code: apiErrorOf(event.error).code }) }
          : {}),
      };
    case "round_finished":
      return { round: event.round };
  }
}

function usagePayload(usage: { promptTokens: number; completionTokens: number; cachedTokens?: number }) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    ...(usage.cachedTokens !== undefined ? { cached_tokens: usage.cachedTokens } : {}),
  };
}

function snakeInfo(info: ConversationInfo) {
  return {
    id: info.id,
    source: info.source,
    title: info.title,
    created_at: new Date(info.createdAt).toISOString(),
    updated_at: new Date(info.updatedAt).toISOString(),
  };
}

function instant(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms))
    throw new HttpError(400, `before must be an ISO time or milliseconds, not "${value}".`);
  return ms;
}
