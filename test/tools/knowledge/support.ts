import type { Json } from "../../support/http.js";
import type { RecordedRequest } from "../../fixtures/scripted-llm/server.js";
import { isNote } from "../../support/messages.js";

/** The data of the last tool result the LLM was sent in this request. */
export function lastToolResult(request: RecordedRequest): Json {
  const tool = request.body.messages.findLast((m) => m.role === "tool");
  if (!tool) throw new Error("the request carries no tool result");
  const result = JSON.parse(String(tool.content)) as { success: boolean; data?: unknown; error?: string };
  if (!result.success) throw new Error(`the tool failed: ${result.error}`);
  return result.data as Json;
}

/** The turn notes of a request, oldest first. */
export function notesOf(request: RecordedRequest): string[] {
  return request.body.messages
    .filter((m) => m.role === "system" && isNote(m.content))
    .map((m) => String(m.content));
}
