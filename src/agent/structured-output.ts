import { addUsage, type ChatMessage } from "../llm/messages.js";
import { runSandboxed } from "../json-schema/sandbox.js";
import type { FinalEvent } from "./events.js";
import { clip } from "../text/clip.js";

/** The form a client asked the final answer to take (OpenAI `response_format`, Ollama `format`). */
export type OutputFormat = { type: "json_object" } | { type: "json_schema"; name?: string; schema: object };

const MAX_SCHEMA_CHARS = 20_000;

/** What the LLM is told about the form, in the turn's note. */
export function outputInstruction(format: OutputFormat): string {
  if (format.type === "json_object") {
    return "Answer with one JSON object only: no prose, no Markdown, no code fence.";
  }
  const schema = clip(JSON.stringify(format.schema), MAX_SCHEMA_CHARS);
  return (
    "Answer with one JSON value only (no prose, no Markdown, no code fence) that is valid against this " +
    `JSON Schema${format.name ? ` (${format.name})` : ""}:\n${schema}`
  );
}

export type OutputCheck = { ok: true; json: string } | { ok: false; problem: string };

/**
 * Checks an answer against the form. A code fence around the JSON is forgiven; anything else that is not
 * the JSON asked for is a problem the LLM is shown once. The schema check runs in a child process: a
 * client's schema may hold patterns that backtrack for minutes.
 */
export async function checkOutput(
  format: OutputFormat,
  answer: string,
  signal: AbortSignal,
): Promise<OutputCheck> {
  const text = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(answer)?.[1] ?? answer.trim();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `it is not valid JSON (${(error as Error).message})` };
  }
  if (format.type === "json_object") {
    const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
    return isObject ? { ok: true, json: text } : { ok: false, problem: "it is not a JSON object" };
  }
  const answerOf: { value?: unknown; error?: string } = await runSandboxed(
    "validate",
    { schema: JSON.stringify(format.schema), json: text, maxErrors: 10 },
    { timeoutMs: 3_000, memoryMb: 128, signal, what: "Checking the answer against the schema" },
  ).catch((error: unknown) => ({ error: (error as Error).message }));
  if (answerOf.error) return { ok: false, problem: `the schema check failed: ${answerOf.error}` };
  const result = answerOf.value as {
    valid?: boolean;
    schemaError?: string;
    errors?: { path: string; message: string }[];
  };
  if (result.schemaError) return { ok: false, problem: `the schema cannot be used: ${result.schemaError}` };
  if (result.valid) return { ok: true, json: text };
  const errors = (result.errors ?? []).map((e) => `${e.path}: ${e.message}`).join("; ");
  return { ok: false, problem: `it does not match the schema (${errors})` };
}

const NEVER = new AbortController().signal;

/**
 * Checks a structured answer. A wrong one is shown to the LLM with what is wrong, once, in a request
 * without tools; the correction is stored like any round, so the history says what happened.
 */
export async function ensureStructured(
  final: FinalEvent,
  format: OutputFormat,
  ask: (correction: ChatMessage) => Promise<FinalEvent>,
  signal: AbortSignal | undefined,
): Promise<FinalEvent> {
  const first = await checkOutput(format, final.text, signal ?? NEVER);
  if (first.ok) return { ...final, text: first.json };
  const retry = await ask({
    role: "system",
    content: `Your answer cannot be used: ${first.problem}. Answer again with only the JSON asked for.`,
  });
  const usage = { ...final.usage };
  addUsage(usage, retry.usage);
  if (retry.error) return { ...retry, usage };
  const second = await checkOutput(format, retry.text, signal ?? NEVER);
  if (second.ok) return { ...retry, text: second.json, usage };
  const message = `The model's answer was not the JSON asked for, twice: ${second.problem}.`;
  return { ...retry, text: "", usage, error: { kind: "invalid_output", message } };
}
