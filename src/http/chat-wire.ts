import { z } from "zod";
import type { SeenMessage } from "../store/transcript.js";
import { TOOL_NAME, TOOL_NAME_RULE } from "../text/tool-name.js";
import type { ToolDefinition } from "../tools/contract.js";
import { HttpError } from "./errors.js";
import { MAX_MESSAGE_CHARS } from "./message-limit.js";

/**
 * What /v1 and the Ollama port read alike in a chat request, both being the OpenAI chat wire: the
 * function a client tool declares, and the split of a resent history into what was said before and the
 * newest message (a user's, or a block of tool results).
 */
export const wireFunction = z
  .object({
    name: z.string().regex(TOOL_NAME, TOOL_NAME_RULE),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();

/** A client's tools as the turn offers them. */
export function clientToolsOf(
  tools: readonly { function: z.infer<typeof wireFunction> }[] | null | undefined,
): ToolDefinition[] {
  return (tools ?? []).map(({ function: declared }) => ({
    name: declared.name,
    description: declared.description ?? "",
    parameters: declared.parameters ?? { type: "object", properties: {} },
  }));
}

/** The user and assistant texts among the first `upTo` messages: what was said before the newest. */
export function priorOf<M extends { role: string }>(
  messages: readonly M[],
  upTo: number,
  textOf: (message: M) => string,
): SeenMessage[] {
  return messages
    .slice(0, upTo)
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map((m) => ({ role: m.role, content: textOf(m) }));
}

/** Where the block of tool messages that ends before `end` starts (`end` when there is none). */
export function toolBlockStart(messages: readonly { role: string }[], end: number): number {
  let start = end;
  while (start > 0 && messages[start - 1]!.role === "tool") start--;
  return start;
}

const MESSAGES = "messages";

/** Refuses a history whose newest message is neither the user's nor tool results. */
export function assertUserLast(role: string): void {
  if (role !== "user") {
    throw new HttpError(
      400,
      "The last message must come from the user (or be tool results).",
      "invalid_request_error",
      MESSAGES,
    );
  }
}

/** The newest user message's text; refused when it is empty or longer than a turn takes. */
export function userText(text: string): string {
  if (!text.trim()) throw new HttpError(400, "The user message is empty.", "invalid_request_error", MESSAGES);
  if (text.length > MAX_MESSAGE_CHARS) {
    throw new HttpError(
      400,
      `The user message is too long (${text.length} characters, at most ${MAX_MESSAGE_CHARS}).`,
      "invalid_request_error",
      MESSAGES,
    );
  }
  return text;
}
