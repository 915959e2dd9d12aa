import { Router } from "express";
import { z } from "zod";
import { UnknownConversationError, type Assistant } from "../../agent/assistant.js";
import type { AgentEvent } from "../../agent/events.js";
import type { ConversationStore } from "../../store/conversations.js";
import type { JobStore } from "../../store/jobs.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { HttpError, parseBody } from "../errors.js";
import { abortOnDisconnect, openEventStream, wantsEventStream, writeEvent } from "../sse.js";

const chatBody = z.object({
  message: z.string().trim().min(1, "message must not be empty").max(32_000),
  conversation_id: z.string().min(1).optional(),
});

export interface ChatRouteDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  jobs: JobStore;
  policy: ToolPolicy;
}

/** Cyrene's own chat API: JSON replies, or the loop's events as Server-Sent Events. */
export function chatRoutes({ assistant, conversations, jobs, policy }: ChatRouteDeps): Router {
  const router = Router();

  router.post("/api/chat", async (req, res) => {
    const body = parseBody(chatBody, req.body);
    const input = { message: body.message, conversationId: body.conversation_id, source: "api", policy };
    const signal = abortOnDisconnect(res);
    if (body.conversation_id && !conversations.get(body.conversation_id)) {
      throw new HttpError(404, `No conversation with id ${body.conversation_id}`, "not_found");
    }

    if (wantsEventStream(req.headers.accept)) {
      openEventStream(res);
      try {
        const outcome = await assistant.turn({ ...input, signal }, (event) => {
          if (event.type !== "round_finished") writeEvent(res, event.type, eventPayload(event));
        });
        writeEvent(res, "done", { conversation_id: outcome.conversationId });
        return res.end();
      } catch (error) {
        writeEvent(res, "error", { message: "Internal error" });
        throw error;
      }
    }

    const toolCalls: Record<string, unknown>[] = [];
    const backgroundResults: Record<string, unknown>[] = [];
    const outcome = await assistant
      .turn({ ...input, signal }, (event) => {
        if (event.type === "tool_finished") toolCalls.push(eventPayload(event));
        if (event.type === "background_result") backgroundResults.push(eventPayload(event));
      })
      .catch(rethrowUnknown);
    res.json({
      conversation_id: outcome.conversationId,
      turn_id: outcome.turnId,
      reply: outcome.text,
      rounds: outcome.rounds,
      tool_calls: toolCalls,
      background_results: backgroundResults,
      usage: { prompt_tokens: outcome.usage.promptTokens, completion_tokens: outcome.usage.completionTokens },
      ...(outcome.error ? { error: outcome.error } : {}),
    });
  });

  router.get("/api/conversations", (_req, res) => {
    res.json({ conversations: conversations.list().map(snakeInfo) });
  });

  router.get("/api/conversations/:id", (req, res) => {
    const info = conversations.get(req.params.id);
    if (!info) throw new HttpError(404, `No conversation with id ${req.params.id}`, "not_found");
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

  return router;
}

/** The public shape of an event: snake_case, without internal fields. */
export function eventPayload(event: AgentEvent): Record<string, unknown> {
  switch (event.type) {
    case "turn_started":
      return { conversation_id: event.conversationId, turn_id: event.turnId };
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
        usage: { prompt_tokens: event.usage.promptTokens, completion_tokens: event.usage.completionTokens },
        ...(event.error ? { error: event.error } : {}),
      };
    case "round_finished":
      return { round: event.round };
  }
}

function snakeInfo(info: {
  id: string;
  source: string;
  title: string | null;
  createdAt: number;
  updatedAt: number;
}) {
  return {
    id: info.id,
    source: info.source,
    title: info.title,
    created_at: new Date(info.createdAt).toISOString(),
    updated_at: new Date(info.updatedAt).toISOString(),
  };
}

function rethrowUnknown(error: unknown): never {
  if (error instanceof UnknownConversationError) throw new HttpError(404, error.message, "not_found");
  throw error;
}
