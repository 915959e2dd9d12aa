import { Router } from "express";
import { z } from "zod";
import type { Assistant, TurnOutcome } from "../../agent/assistant.js";
import type { ChatMessage } from "../../llm/messages.js";
import type { ConversationStore } from "../../store/conversations.js";
import type { ToolPolicy } from "../../tools/policy.js";
import { HttpError, parseBody } from "../errors.js";
import { abortOnDisconnect, openEventStream, writeEvent } from "../sse.js";
import { transcriptHash } from "../transcript.js";

export const MODEL_ID = "cyrene";
/** Sent back on every answer; a client that returns it continues the stored conversation. */
export const CONVERSATION_HEADER = "x-cyrene-conversation-id";

const contentPart = z.object({ type: z.string(), text: z.string().optional() }).loose();
const message = z
  .object({
    role: z.enum(["system", "developer", "user", "assistant", "tool"]),
    content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
  })
  .loose();
const completionBody = z
  .object({
    model: z.string().optional(),
    messages: z.array(message).min(1, "messages must not be empty"),
    stream: z.boolean().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullish(),
    user: z.string().optional(),
  })
  .loose();

export interface OpenAiRouteDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  policy: ToolPolicy;
}

/**
 * An OpenAI-compatible front: any OpenAI client can talk to Cyrene. Cyrene's own tools run inside the
 * turn; the client sees only the assistant's text. Tools the client sends are ignored.
 */
export function openAiRoutes({ assistant, conversations, policy }: OpenAiRouteDeps): Router {
  const router = Router();

  router.get("/v1/models", (_req, res) => {
    res.json({ object: "list", data: [{ id: MODEL_ID, object: "model", created: 0, owned_by: "cyrene" }] });
  });

  router.post("/v1/chat/completions", async (req, res) => {
    const body = parseBody(completionBody, req.body);
    const last = body.messages.at(-1)!;
    if (last.role !== "user") throw new HttpError(400, "The last message must come from the user.");
    const named = req.get(CONVERSATION_HEADER);
    if (named && !conversations.get(named)) {
      throw new HttpError(404, `No conversation with id ${named}`, "not_found");
    }
    const message = textOf(last.content);
    const prior = body.messages.slice(0, -1).flatMap(toPriorMessage);
    const caller = typeof body.user === "string" ? body.user : "";
    const continued =
      named ??
      (prior.length
        ? conversations.findByTranscriptHash(transcriptHash(caller, prior), "openai")
        : undefined);
    const input = {
      message,
      conversationId: continued,
      priorMessages: continued ? undefined : prior,
      source: "openai",
      policy,
      signal: abortOnDisconnect(res),
    };
    const model = body.model ?? MODEL_ID;
    const created = Math.floor(Date.now() / 1000);

    /** Fingerprints the history as the client will send it back: with the answer exactly as it saw it. */
    const remember = (conversationId: string, answer: string) => {
      const seen: ChatMessage[] = [
        ...prior,
        { role: "user", content: message },
        { role: "assistant", content: answer },
      ];
      conversations.setTranscriptHash(conversationId, transcriptHash(caller, seen));
    };

    if (!body.stream) {
      const outcome = await assistant.turn(input, () => {});
      remember(outcome.conversationId, outcome.text);
      res.set(CONVERSATION_HEADER, outcome.conversationId).json({
        id: `chatcmpl-${outcome.turnId}`,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: outcome.text },
            finish_reason: "stop",
            logprobs: null,
          },
        ],
        usage: usageOf(outcome.usage),
      });
      return;
    }

    let id = "chatcmpl-cyrene";
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
    let streamed = "";
    const send = (text: string) => {
      streamed += text;
      writeEvent(res, undefined, chunk({ content: text }));
    };
    let outcome: TurnOutcome;
    try {
      outcome = await assistant.turn(input, (event) => {
        if (event.type === "turn_started") {
          id = `chatcmpl-${event.turnId}`;
          res.set(CONVERSATION_HEADER, event.conversationId);
          openEventStream(res);
          writeEvent(res, undefined, chunk({ role: "assistant", content: "" }));
        } else if (event.type === "text") {
          send(event.text);
        }
      });
    } catch (error) {
      // The OpenAI SDKs raise an APIError for an `error` object in the stream.
      if (res.headersSent)
        writeEvent(res, undefined, { error: { message: "Internal error", type: "server_error" } });
      throw error;
    }
    if (outcome.error) send(streamed ? `\n\n${outcome.error}` : outcome.error);
    else if (!streamed) send(outcome.text);
    remember(outcome.conversationId, streamed);
    writeEvent(res, undefined, chunk({}, "stop"));
    if (body.stream_options?.include_usage) {
      writeEvent(res, undefined, { ...chunk({}), choices: [], usage: usageOf(outcome.usage) });
    }
    writeEvent(res, undefined, "[DONE]");
    res.end();
  });

  return router;
}

function textOf(content: z.infer<typeof message>["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

/** Client history becomes plain text messages; tool traffic of the client's own tools has no meaning here. */
function toPriorMessage(entry: z.infer<typeof message>): ChatMessage[] {
  const content = textOf(entry.content);
  if (!content) return [];
  if (entry.role === "user") return [{ role: "user", content }];
  if (entry.role === "assistant") return [{ role: "assistant", content }];
  if (entry.role === "system" || entry.role === "developer") return [{ role: "system", content }];
  return [];
}

function usageOf(usage: { promptTokens: number; completionTokens: number }) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}
