import { createRequire } from "node:module";
import { runInFreshChild } from "../child-process/run-once.js";
import type { ChildFailure } from "../child-process/worker.js";
import { InputError } from "../input-error.js";
import { clip } from "../text/clip.js";

/**
 * JSON Schema validation and JMESPath queries run in a short-lived child process, for the json tool and
 * for the form a client asks a turn's answer to take (agent/structured-output.ts). Both take input
 * written by the model (and so possibly by whoever wrote a web page it read) that can cost far more
 * than its size suggests: a schema "pattern" with catastrophic backtracking, JMESPath's trim
 * functions (quadratic regexes) or pad_left with a huge width. In our own process that would freeze
 * the whole add-on, since the registry's time limit is a timer on the same event loop. A child can be
 * killed, has its own small heap, and gets no environment (no tokens); prototype pollution stays in
 * it too. A worker thread is not enough: a single huge allocation (JSON.stringify of a giant string)
 * hits V8's fatal out-of-memory handler before the worker's resourceLimits can stop it, and that
 * takes the whole process down.
 *
 * The child is a script child of the supervisor (src/child-process), a fresh one per task, loading the
 * libraries by resolved path, so the same code works under tsx, vitest and compiled JavaScript.
 */
const CHILD_SOURCE = String.raw`
serveInChild(({ task, paths, input }) => {
  try {
    return { ok: true, value: task === "query" ? query(paths, input) : validate(paths, input) };
  } catch (error) {
    return { ok: false, message: String((error && error.message) || error) };
  }
});

// Objects get a null prototype: "constructor" or "toString" then is not a property of every object
// (a JMESPath field or a JSON Schema "required" would otherwise find the inherited ones).
const parseData = (text) =>
  JSON.parse(text, (_key, value) =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? Object.setPrototypeOf(value, null) : value);

function query(paths, input) {
  const { search } = require(paths.jmespath);
  const result = search(parseData(input.json), input.expression);
  const json = JSON.stringify(result === undefined ? null : result) ?? "null";
  return json.length > input.maxOutputChars
    ? { json: json.slice(0, input.maxOutputChars), length: json.length }
    : { json, length: json.length };
}

function validate(paths, input) {
  const schema = JSON.parse(input.schema);
  const data = parseData(input.json);
  const declared = schema && typeof schema === "object" && typeof schema.$schema === "string" ? schema.$schema : "";
  let draft = "ajv";
  if (declared.includes("2020-12")) draft = "ajv2020";
  else if (declared.includes("2019-09")) draft = "ajv2019";
  else if (/draft-0[34]/.test(declared)) {
    return { schemaError: "draft-04 and older schemas are not supported; use draft-07 or 2020-12 (change $schema)" };
  }
  const Ajv = require(paths[draft]).default;
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false, validateFormats: true, ownProperties: true });
  require(paths.formats).default(ajv);
  let check;
  try {
    check = ajv.compile(schema);
  } catch (error) {
    const missing = error && error.missingRef;
    return {
      schemaError: missing
        ? "the schema refers to " + missing + ", which is not available: only references inside the schema itself (#/...) work"
        : String(error && error.message || error),
    };
  }
  const valid = check(data);
  const errors = (check.errors || []).map((e) => {
    let message = e.message || e.keyword;
    if (e.keyword === "additionalProperties") message += ": " + JSON.stringify(e.params.additionalProperty);
    // What was allowed, for the parent to clip (bounded here first: an enum may be long).
    const allowed = e.keyword === "enum" ? e.params.allowedValues : e.keyword === "const" ? e.params.allowedValue : undefined;
    const error = { path: e.instancePath || "(root)", message, keyword: e.keyword };
    if (allowed !== undefined) error.allowed = String(JSON.stringify(allowed)).slice(0, 10000);
    return error;
  });
  return { valid, errors: errors.slice(0, input.maxErrors), total: errors.length };
}
`;

/** The sandbox stopped the task (too slow, too big, cancelled): said to whoever sent it, as bad input. */
export class SandboxError extends InputError {
  override name = "SandboxError";
}

const localRequire = createRequire(import.meta.url);
let libraryPaths: Record<string, string> | undefined;
function paths(): Record<string, string> {
  libraryPaths ??= {
    jmespath: localRequire.resolve("@jmespath-community/jmespath"),
    ajv: localRequire.resolve("ajv"),
    ajv2019: localRequire.resolve("ajv/dist/2019"),
    ajv2020: localRequire.resolve("ajv/dist/2020"),
    formats: localRequire.resolve("ajv-formats"),
  };
  return libraryPaths;
}

export interface SandboxLimits {
  timeoutMs: number;
  memoryMb: number;
  signal: AbortSignal;
  /** What the child was doing, for error messages ("The JMESPath query"). */
  what: string;
}

/** A child that has not started in this long is stopped (a busy machine can be slow to start one). */
const START_LIMIT_MS = 15_000;

type ChildTask = {
  task: "query" | "validate";
  paths: Record<string, string>;
  input: Record<string, unknown>;
};
type ChildAnswer = { ok: boolean; value?: unknown; message?: string };

/**
 * Runs one task in a fresh child process; `timeoutMs` counts from when the child has it. Errors thrown
 * inside come back as `{ error }`.
 */
export async function runSandboxed(
  task: "query" | "validate",
  input: Record<string, unknown>,
  limits: SandboxLimits,
): Promise<{ value?: unknown; error?: string }> {
  if (limits.signal.aborted) throw new SandboxError(`${limits.what} was cancelled`);
  const outcome = await runInFreshChild<ChildTask, ChildAnswer>(
    { program: { script: CHILD_SOURCE }, maxMemoryMb: limits.memoryMb, startLimitMs: START_LIMIT_MS },
    { task, paths: paths(), input },
    { timeoutMs: limits.timeoutMs, signal: limits.signal },
  );
  if (!outcome.ok) throw failure(outcome.reason, limits);
  const answer = outcome.reply;
  if (!answer.ok) return { error: answer.message ?? "unknown error" };
  return { value: task === "validate" ? withAllowed(answer.value as Validation) : answer.value };
}

type Validation = { errors?: { message: string; allowed?: string }[] };

/** Each enum or const error says what was allowed, clipped. */
function withAllowed(validation: Validation): Validation {
  if (!validation.errors) return validation;
  const errors = validation.errors.map(({ allowed, ...error }) =>
    allowed === undefined ? error : { ...error, message: `${error.message}: ${clip(allowed, 200)}` },
  );
  return { ...validation, errors };
}

function failure(reason: ChildFailure, { what, timeoutMs, memoryMb }: SandboxLimits): Error {
  switch (reason) {
    case "timeout":
      return new SandboxError(
        `${what} took longer than ${timeoutMs} ms and was stopped. Simplify it (for example ` +
          `regular-expression patterns or string functions) or send less data.`,
      );
    case "aborted":
      return new SandboxError(`${what} was cancelled`);
    case "memory":
      return new SandboxError(`${what} needed more than ${memoryMb} MB of memory and was stopped.`);
    case "unstarted":
      return new Error(`${what} could not start its process in time`);
    case "crashed":
      return new Error(`${what} stopped unexpectedly`);
  }
}
