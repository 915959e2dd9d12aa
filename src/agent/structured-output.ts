import { runSandboxed } from "../tools/general/json/sandbox.js";

/** The form a client asked the final answer to take (OpenAI `response_format`, Ollama `format`). */
export type OutputFormat = { type: "json_object" } | { type: "json_schema"; name?: string; schema: object };

const MAX_SCHEMA_CHARS = 20_000;

/** What the LLM is told about the form, in the turn's note. */
export function outputInstruction(format: OutputFormat): string {
  if (format.type === "json_object") {
    return "Answer with one JSON object only: no prose, no Markdown, no code fence.";
  }
  const schema = JSON.stringify(format.schema).slice(0, MAX_SCHEMA_CHARS);
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
