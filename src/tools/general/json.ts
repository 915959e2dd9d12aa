import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { diffJson } from "./json/diff.js";
import { runSandboxed } from "../../json-schema/sandbox.js";
import { locateJsonError, precisionNote, reformat, scanJson, type ScanResult } from "./json/text.js";
import { clip } from "../../text/clip.js";

export interface JsonToolOptions {
  /** Longest JSON text accepted per argument, in characters. Default 1,000,000. */
  maxInputChars?: number;
  /** Deepest nesting of arrays/objects accepted. Default 200. */
  maxDepth?: number;
  /** Longest text returned (pretty-printed JSON, query results). Default 50,000. */
  maxOutputChars?: number;
  /** Most changes listed by diff, and most validation errors listed. Defaults 200 and 20. */
  maxChanges?: number;
  maxErrors?: number;
  /** Limits for validate and query, which run in a child process. Defaults 5,000 ms and 128 MB. */
  timeoutMs?: number;
  memoryMb?: number;
}

const OPERATIONS = ["parse", "validate", "query", "pretty", "minify", "diff"] as const;
const MAX_EXPRESSION_LENGTH = 2_000;

const DESCRIPTION =
  "JSON (解析/校验/查询/格式化/比较): locate syntax errors, validate against a schema, query, pretty-print, " +
  "minify, diff two documents.";

export function jsonTool(options: JsonToolOptions = {}): Tool {
  const maxInputChars = options.maxInputChars ?? 1_000_000;
  const maxDepth = options.maxDepth ?? 200;
  const maxOutputChars = options.maxOutputChars ?? 50_000;
  const maxChanges = options.maxChanges ?? 200;
  const maxErrors = options.maxErrors ?? 20;
  const sandbox = { timeoutMs: options.timeoutMs ?? 5_000, memoryMb: options.memoryMb ?? 128 };

  // A model sometimes sends the document as a JSON object instead of a string: accept that too.
  const jsonText = z.preprocess(
    (value) => (value === undefined || typeof value === "string" ? value : safeStringify(value)),
    z.string().max(maxInputChars, `longer than ${maxInputChars} characters; send a smaller document`),
  );

  const parameters = z.object({
    operation: z.enum(OPERATIONS),
    json: jsonText,
    expression: z
      .string()
      .max(
        MAX_EXPRESSION_LENGTH,
        `longer than ${MAX_EXPRESSION_LENGTH} characters; send a shorter expression`,
      )
      .optional()
      .describe("JMESPath"),
    schema: jsonText.optional(),
    other: jsonText.optional(),
  });

  const parseDocument = async (text: string, label: string) => {
    const scan = scanJson(text, label, maxDepth);
    try {
      return { value: JSON.parse(text) as unknown, scan };
    } catch (error) {
      const where = await locateJsonError(text, (error as Error).message);
      throw new ToolError(
        `\`${label}\` is not valid JSON: line ${where.line}, column ${where.column}: ${where.message}\n${where.excerpt}`,
      );
    }
  };

  return defineTool({
    name: "json",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      const limits = (what: string) => ({ ...sandbox, signal: ctx.signal, what });
      switch (args.operation) {
        case "parse":
          return parse(args.json, maxDepth);
        case "validate": {
          const schemaText = required(args.schema, "schema", "validate", "a JSON Schema as text");
          await parseDocument(schemaText, "schema");
          const { scan } = await parseDocument(args.json, "json");
          const answer = await runSandboxed(
            "validate",
            { schema: schemaText, json: args.json, maxErrors },
            limits("Validation"),
          );
          if (answer.error) throw new ToolError(`Validation failed: ${answer.error}`);
          return withNote(validationResult(answer.value as Validation), scan);
        }
        case "query": {
          const expression = required(args.expression, "expression", "query", "a JMESPath expression");
          const { scan } = await parseDocument(args.json, "json");
          const answer = await runSandboxed(
            "query",
            { json: args.json, expression, maxOutputChars },
            limits("The JMESPath query"),
          );
          if (answer.error) throw new ToolError(`JMESPath error: ${answer.error}${jsonPathHint(expression)}`);
          const { json, length } = answer.value as { json: string; length: number };
          if (length <= maxOutputChars) return withNote({ result: JSON.parse(json) as unknown }, scan);
          return withNote({ result_json: json, truncated: truncation(length, maxOutputChars) }, scan);
        }
        case "pretty":
        case "minify": {
          await parseDocument(args.json, "json");
          const text = reformat(args.json, args.operation === "pretty" ? 2 : 0);
          if (text.length <= maxOutputChars) return { text };
          return { text: text.slice(0, maxOutputChars), truncated: truncation(text.length, maxOutputChars) };
        }
        case "diff": {
          const otherText = required(args.other, "other", "diff", "the second JSON document");
          const before = await parseDocument(args.json, "json");
          const after = await parseDocument(otherText, "other");
          const { changes, total } = diffJson(before.value, after.value, maxChanges);
          const result: Record<string, unknown> = { equal: total === 0, count: total, changes };
          if (total > changes.length)
            result.truncated = `only the first ${changes.length} of ${total} changes are listed`;
          return withNote(withNote(result, before.scan), after.scan);
        }
      }
    },
  });
}

/** Valid JSON is summarised; broken JSON is an answer too (where and why), not a failed call. */
async function parse(text: string, maxDepth: number): Promise<Record<string, unknown>> {
  const scan = scanJson(text, "json", maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const where = await locateJsonError(text, (error as Error).message);
    return {
      valid: false,
      line: where.line,
      column: where.column,
      error: where.message,
      excerpt: where.excerpt,
    };
  }
  return withNote({ valid: true, ...summarise(value), depth: scan.depth }, scan);
}

interface Validation {
  valid: boolean;
  errors: unknown[];
  total: number;
  schemaError?: string;
}

function validationResult(result: Validation): Record<string, unknown> {
  if (result.schemaError) throw new ToolError(`The schema is not usable: ${result.schemaError}`);
  if (result.valid) return { valid: true };
  const more =
    result.total > result.errors.length
      ? { more: `${result.total - result.errors.length} more errors not listed` }
      : {};
  return { valid: false, errors: result.errors, ...more };
}

function required(value: string | undefined, field: string, operation: string, what: string): string {
  if (value === undefined || value === "")
    throw new ToolError(`Operation ${operation} needs \`${field}\`: ${what} (缺少参数 ${field}).`);
  return value;
}

function summarise(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { type: "array", length: value.length };
  if (value === null) return { type: "null" };
  if (typeof value === "object") {
    const keys = Object.keys(value);
    return { type: "object", key_count: keys.length, keys: keys.slice(0, 30) };
  }
  return {
    type: typeof value,
    value: typeof value === "string" ? clip(value, 200) : value,
  };
}

function withNote(result: Record<string, unknown>, scan: ScanResult): Record<string, unknown> {
  const note = precisionNote(scan);
  return note && !result.note ? { ...result, note } : result;
}

function truncation(length: number, max: number): string {
  return `the output has ${length} characters; only the first ${max} are shown`;
}

function jsonPathHint(expression: string): string {
  return /\$\.\.|\?\s*\(|@\.|\[\s*['"]/.test(expression)
    ? ". This looks like JSONPath; use JMESPath syntax instead, e.g. items[?price > `10`].name (no $.. or ?(@...))."
    : "";
}

function safeStringify(value: unknown): unknown {
  try {
    return JSON.stringify(value);
  } catch {
    return value;
  }
}
