import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { diffJson } from "./json/diff.js";
import { runSandboxed } from "./json/sandbox.js";
import { locateJsonError, precisionNote, reformat, scanJson, type ScanResult } from "./json/text.js";

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
  /** Limits for validate and query, which run in a worker thread. Defaults 5,000 ms and 128 MB. */
  timeoutMs?: number;
  memoryMb?: number;
}

const OPERATIONS = ["parse", "validate", "query", "pretty", "minify", "diff"] as const;

export function jsonTool(options: JsonToolOptions = {}): Tool {
  const maxInputChars = options.maxInputChars ?? 1_000_000;
  const maxDepth = options.maxDepth ?? 200;
  const maxOutputChars = options.maxOutputChars ?? 50_000;
  const maxChanges = options.maxChanges ?? 200;
  const maxErrors = options.maxErrors ?? 20;
  const sandbox = { timeoutMs: options.timeoutMs ?? 5_000, memoryMb: options.memoryMb ?? 128 };

  // A model sometimes sends the document as a JSON object instead of a string: accept that too.
  const jsonText = (description: string) =>
    z
      .preprocess(
        (value) => (value === undefined || typeof value === "string" ? value : safeStringify(value)),
        z.string().max(maxInputChars, `longer than ${maxInputChars} characters; send a smaller document`),
      )
      .describe(description);

  const parameters = z.object({
    operation: z
      .enum(OPERATIONS)
      .describe(
        "parse: check that `json` is valid and summarise it, or say exactly where it is broken. validate: check " +
          "`json` against the JSON Schema in `schema`. query: evaluate the JMESPath `expression` on `json`. " +
          "pretty: re-indent `json`. minify: remove all whitespace. diff: list the changes from `json` to `other`.",
      ),
    json: jsonText("The JSON document as text, e.g. '{\"a\": [1, 2]}'. Required for every operation."),
    schema: jsonText("validate only: the JSON Schema (draft-07 or 2020-12) as text.").optional(),
    expression: z
      .string()
      .max(2_000)
      .optional()
      .describe(
        "query only: a JMESPath expression (not JSONPath), e.g. 'items[?price > `10`].name', " +
          "'length(items)', 'sort_by(people, &age)[0].name', 'keys(@)'. Literals go in backticks.",
      ),
    other: jsonText(
      "diff only: the second JSON document as text; changes are reported from `json` to `other`.",
    ).optional(),
    indent: z.number().int().min(1).max(8).optional().describe("pretty only: spaces per level (default 2)."),
  });

  return defineTool({
    name: "json",
    description:
      "Work with JSON text (JSON 解析/校验/查询/格式化/比较): parse and find syntax errors with line and column " +
      "(检查 JSON 格式错误), validate against a JSON Schema (校验), query or extract values with JMESPath (查询/提取字段), " +
      "pretty-print (格式化/美化) or minify (压缩), and diff two documents (比较/对比差异, as JSON Pointer paths). " +
      "Pass the JSON itself as text. Use it when the user gives JSON or a tool returned JSON that needs " +
      "checking, extracting or comparing; for a few fields of a small object just read it yourself. Not for " +
      "YAML, CSV or Markdown, and not for reading files (use the file tool, then pass the text here).",
    parameters,
    async execute(args, ctx) {
      const limits = (what: string) => ({ ...sandbox, signal: ctx.signal, what });
      switch (args.operation) {
        case "parse": {
          const scan = scanJson(args.json, "json", maxDepth);
          let value: unknown;
          try {
            value = JSON.parse(args.json);
          } catch (error) {
            const where = locateJsonError(args.json, (error as Error).message);
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
        case "validate": {
          const schemaText = required(args.schema, "schema", "validate");
          parseDocument(schemaText, "schema", maxDepth);
          const { scan } = parseDocument(args.json, "json", maxDepth);
          const answer = await runSandboxed(
            "validate",
            { schema: schemaText, json: args.json, maxErrors },
            limits("Validation"),
          );
          if (answer.error) throw new ToolError(`Validation failed: ${answer.error}`);
          const result = answer.value as {
            valid: boolean;
            errors: unknown[];
            total: number;
            schemaError?: string;
          };
          if (result.schemaError) throw new ToolError(`The schema is not usable: ${result.schemaError}`);
          if (result.valid) return withNote({ valid: true }, scan);
          const more =
            result.total > result.errors.length
              ? { more: `${result.total - result.errors.length} more errors not listed` }
              : {};
          return withNote({ valid: false, errors: result.errors, ...more }, scan);
        }
        case "query": {
          const expression = required(args.expression, "expression", "query");
          const { scan } = parseDocument(args.json, "json", maxDepth);
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
          parseDocument(args.json, "json", maxDepth);
          const text = reformat(args.json, args.operation === "pretty" ? (args.indent ?? 2) : 0);
          if (text.length <= maxOutputChars) return { text };
          return { text: text.slice(0, maxOutputChars), truncated: truncation(text.length, maxOutputChars) };
        }
        case "diff": {
          const otherText = required(args.other, "other", "diff");
          const before = parseDocument(args.json, "json", maxDepth);
          const after = parseDocument(otherText, "other", maxDepth);
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

function required(value: string | undefined, field: string, operation: string): string {
  if (value === undefined || value === "") throw new ToolError(`Operation ${operation} needs \`${field}\`.`);
  return value;
}

function parseDocument(text: string, label: string, maxDepth: number): { value: unknown; scan: ScanResult } {
  const scan = scanJson(text, label, maxDepth);
  try {
    return { value: JSON.parse(text), scan };
  } catch (error) {
    const where = locateJsonError(text, (error as Error).message);
    throw new ToolError(
      `\`${label}\` is not valid JSON: line ${where.line}, column ${where.column}: ${where.message}\n${where.excerpt}`,
    );
  }
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
    value: typeof value === "string" && value.length > 200 ? `${value.slice(0, 200)}…` : value,
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
