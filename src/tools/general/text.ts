import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { requireField } from "../fields.js";
import { checkPattern, literalRegex, parseRegex, type Regex } from "./text/pattern.js";
import { runRegex, type RegexAnswer, type RegexJob } from "./text/regex.js";
import { count, titleCase, truncate } from "./text/unicode.js";
import { clip } from "../../text/clip.js";

export interface TextOptions {
  /** Time a regular expression may run (default 1000 ms). */
  regexTimeoutMs?: number;
}

export const MAX_TEXT_LENGTH = 100_000;
const MAX_MATCHES = 100;
const MAX_PARTS = 1_000;
const MAX_OUTPUT = 100_000;

const OPERATIONS = [
  "count",
  "truncate",
  "upper",
  "lower",
  "title",
  "trim",
  "replace",
  "split",
  "match",
] as const;

const parameters = z.object({
  operation: z.enum(OPERATIONS),
  text: z.string(),
  find: z.string().optional(),
  regex: z.string().optional(),
  replacement: z.string().optional(),
  max_length: z.number().int().min(0).max(MAX_TEXT_LENGTH).optional(),
});

type Args = z.output<typeof parameters>;
type Worker = (job: RegexJob) => Promise<RegexAnswer>;

const DESCRIPTION =
  "Text utilities (文本处理): exact character/word/line counts (字数统计), truncate, case, trim, replace, split, " +
  "regex matches (正则). Use instead of counting or editing by hand.";

/** A text-utilities tool; regular expressions run in a child process with a time limit. */
export function textTool(options: TextOptions = {}): Tool {
  const timeoutMs = options.regexTimeoutMs ?? 1000;
  return defineTool({
    name: "text",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      if (args.text.length > MAX_TEXT_LENGTH) {
        throw new ToolError(
          `The text is too long (${args.text.length} characters, at most ${MAX_TEXT_LENGTH}).`,
        );
      }
      return run(args, (job) => runRegex(job, timeoutMs, ctx.signal));
    },
  });
}

async function run(args: Args, worker: Worker) {
  const { text } = args;
  switch (args.operation) {
    case "count":
      return count(text);
    case "truncate":
      return truncate(text, requireField(args.max_length, "max_length", "truncate"), "…");
    case "upper":
      return { text: text.toUpperCase() };
    case "lower":
      return { text: text.toLowerCase() };
    case "title":
      return { text: titleCase(text) };
    case "trim":
      return { text: text.trim() };
    case "replace":
      return replace(args, worker);
    case "split":
      return split(args, worker);
    case "match":
      return match(args, worker);
  }
}

async function replace(args: Args, worker: Worker) {
  const replacement = args.replacement ?? "";
  if (args.regex === undefined) {
    const pieces = args.text.split(checkPattern(args.find ?? missingPattern("replace"), "find"));
    return { ...output(pieces.join(replacement)), replacements: pieces.length - 1 };
  }
  const answer = await worker({ op: "replace", ...regexOf(args, "replace"), text: args.text, replacement });
  if (answer.op !== "replace") throw new Error("unexpected worker answer");
  return { ...output(answer.text), replacements: answer.replacements };
}

async function split(args: Args, worker: Worker) {
  let parts: string[];
  if (args.regex !== undefined) {
    const answer = await worker({ op: "split", ...regexOf(args, "split"), text: args.text });
    if (answer.op !== "split") throw new Error("unexpected worker answer");
    parts = answer.parts;
  } else {
    parts = args.find ? args.text.split(args.find) : args.text.split(/\r\n|\r|\n/);
  }
  return parts.length > MAX_PARTS
    ? {
        count: parts.length,
        parts: parts.slice(0, MAX_PARTS),
        note: `Only the first ${MAX_PARTS} parts are shown.`,
      }
    : { count: parts.length, parts };
}

async function match(args: Args, worker: Worker) {
  const job = { op: "match", ...regexOf(args, "match"), text: args.text, maxMatches: MAX_MATCHES } as const;
  const answer = await worker(job);
  if (answer.op !== "match") throw new Error("unexpected worker answer");
  return answer.total > answer.matches.length
    ? {
        total: answer.total,
        matches: answer.matches,
        note: `Only the first ${MAX_MATCHES} matches are shown.`,
      }
    : { total: answer.total, matches: answer.matches };
}

/** The regex to run: `regex` as written, or `find` escaped (so a literal is found exactly). */
function regexOf(args: Args, operation: string): Regex {
  if (args.regex !== undefined) return parseRegex(args.regex);
  if (args.find !== undefined) return literalRegex(args.find);
  return missingPattern(operation);
}

function missingPattern(operation: string): never {
  throw new ToolError(
    `Operation "${operation}" needs "regex" (a JavaScript regex such as \\d+ or /x/i) or "find" (literal text).`,
  );
}

function output(text: string) {
  return text.length > MAX_OUTPUT
    ? { text: clip(text, MAX_OUTPUT), note: `The result was cut to ${MAX_OUTPUT} characters.` }
    : { text };
}
