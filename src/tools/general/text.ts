import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { requireField } from "../fields.js";
import { runRegex } from "./text/regex.js";
import { count, titleCase, truncate } from "./text/unicode.js";

export interface TextOptions {
  /** Time a regular expression may run (default 1000 ms). */
  regexTimeoutMs?: number;
}

export const MAX_TEXT_LENGTH = 100_000;
const MAX_PATTERN_LENGTH = 1_000;
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
  "regex_match",
  "regex_test",
] as const;

const parameters = z.object({
  operation: z
    .enum(OPERATIONS)
    .describe(
      "count: characters/words/lines (字数统计). truncate: cut to max_length characters. upper / lower / title: change case. " +
        "trim: remove surrounding whitespace. replace: replace `pattern` with `replacement`. split: split at `pattern` " +
        "(default: lines). regex_match: all matches of regex `pattern` with groups. regex_test: whether `pattern` matches.",
    ),
  text: z.string().describe(`The text to work on (at most ${MAX_TEXT_LENGTH} characters).`),
  pattern: z
    .string()
    .optional()
    .describe(
      "replace/split: the text to find (literal unless regex is true). regex_match/regex_test: a JavaScript regular " +
        "expression without slashes, e.g. \\d{3}-\\d{4}.",
    ),
  regex: z
    .boolean()
    .optional()
    .describe("replace/split: treat `pattern` as a regular expression. Default false."),
  flags: z.string().optional().describe('Regular-expression flags from "gimsuy", e.g. "i" to ignore case.'),
  replacement: z
    .string()
    .optional()
    .describe(
      "replace: the new text. With regex, $1, $<name> and $& refer to the match. Default empty (delete).",
    ),
  replace_all: z
    .boolean()
    .optional()
    .describe("replace: replace every occurrence (default true) or only the first."),
  remove_empty: z.boolean().optional().describe("split: drop empty and whitespace-only parts."),
  max_length: z
    .number()
    .int()
    .min(0)
    .max(MAX_TEXT_LENGTH)
    .optional()
    .describe(
      "truncate: the most characters (as people count them: 一个汉字 or emoji = 1) to keep, ellipsis included.",
    ),
  ellipsis: z.string().optional().describe('truncate: appended when the text is cut. Default "…".'),
  side: z.enum(["both", "start", "end"]).optional().describe("trim: which side to trim. Default both."),
  locale: z
    .string()
    .optional()
    .describe('upper/lower/title: a language tag for special casing, e.g. "tr". Usually omit.'),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION =
  "Exact text utilities (文本处理): count characters, words, lines and bytes correctly for Chinese, emoji and other " +
  "scripts (字数统计); truncate without breaking characters; change case; trim; find and replace (literal or regex); " +
  "split; test and extract regular-expression matches (正则). Use it whenever an exact count or a mechanical edit matters " +
  "instead of doing it in your head. Not for translation, summarizing or rewriting text (do that yourself), nor for " +
  "hashing or encoding (use the crypto tool).";

/** A text-utilities tool; regular expressions run in a worker thread with a time limit. */
export function textTool(options: TextOptions = {}): Tool {
  const timeoutMs = options.regexTimeoutMs ?? 1000;
  return defineTool({
    name: "text",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      if (args.text.length > MAX_TEXT_LENGTH) {
        throw new ToolError(
          `The text is too long (${args.text.length} characters, at most ${MAX_TEXT_LENGTH}; 文本过长).`,
        );
      }
      return run(args, (job) => runRegex(job, timeoutMs, ctx.signal));
    },
  });
}

async function run(args: Args, regex: (job: Parameters<typeof runRegex>[0]) => ReturnType<typeof runRegex>) {
  const { text } = args;
  switch (args.operation) {
    case "count":
      return count(text);
    case "truncate":
      return truncate(text, requireField(args.max_length, "max_length", "truncate"), args.ellipsis ?? "…");
    case "upper":
      return { text: caseWith(() => text.toLocaleUpperCase(args.locale)) };
    case "lower":
      return { text: caseWith(() => text.toLocaleLowerCase(args.locale)) };
    case "title":
      return { text: caseWith(() => titleCase(text, args.locale)) };
    case "trim": {
      const side = args.side ?? "both";
      return { text: side === "start" ? text.trimStart() : side === "end" ? text.trimEnd() : text.trim() };
    }
    case "replace": {
      const pattern = needPattern(args, "replace");
      const replacement = args.replacement ?? "";
      const all = args.replace_all ?? true;
      if (args.regex) {
        const answer = await regex({
          op: "replace",
          pattern,
          flags: flags(args.flags),
          text,
          replacement,
          all,
        });
        if (answer.op !== "replace") throw new Error("unexpected worker answer");
        return { ...output(answer.text), replacements: answer.replacements };
      }
      const pieces = text.split(pattern);
      const replacements = all ? pieces.length - 1 : Math.min(1, pieces.length - 1);
      const replaced = all ? pieces.join(replacement) : text.replace(pattern, () => replacement);
      return { ...output(replaced), replacements };
    }
    case "split": {
      let parts: string[];
      if (args.regex) {
        const answer = await regex({
          op: "split",
          pattern: needPattern(args, "split"),
          flags: flags(args.flags),
          text,
        });
        if (answer.op !== "split") throw new Error("unexpected worker answer");
        parts = answer.parts;
      } else {
        parts =
          args.pattern === undefined || args.pattern === ""
            ? text.split(/\r\n|\r|\n/)
            : text.split(args.pattern);
      }
      if (args.remove_empty) parts = parts.filter((part) => part.trim() !== "");
      return parts.length > MAX_PARTS
        ? {
            count: parts.length,
            parts: parts.slice(0, MAX_PARTS),
            note: `Only the first ${MAX_PARTS} parts are shown.`,
          }
        : { count: parts.length, parts };
    }
    case "regex_match": {
      const pattern = needPattern(args, "regex_match");
      const answer = await regex({
        op: "match",
        pattern,
        flags: flags(args.flags),
        text,
        maxMatches: MAX_MATCHES,
      });
      if (answer.op !== "match") throw new Error("unexpected worker answer");
      return answer.total > answer.matches.length
        ? {
            total: answer.total,
            matches: answer.matches,
            note: `Only the first ${MAX_MATCHES} matches are shown.`,
          }
        : { total: answer.total, matches: answer.matches };
    }
    case "regex_test": {
      const answer = await regex({
        op: "test",
        pattern: needPattern(args, "regex_test"),
        flags: flags(args.flags),
        text,
      });
      if (answer.op !== "test") throw new Error("unexpected worker answer");
      return { matches: answer.matches };
    }
  }
}

function needPattern(args: Args, operation: string): string {
  const pattern = requireField(args.pattern, "pattern", operation);
  if (pattern === "") throw new ToolError(`Operation "${operation}" needs a non-empty "pattern".`);
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new ToolError(`The pattern is too long (at most ${MAX_PATTERN_LENGTH} characters).`);
  }
  return pattern;
}

function flags(value: string | undefined): string {
  const given = value ?? "";
  const bad = [...given].filter((flag) => !"gimsuy".includes(flag));
  if (bad.length)
    throw new ToolError(`Unsupported regex flag(s) "${bad.join("")}": use only g, i, m, s, u, y.`);
  return [...new Set(given)].join("");
}

function output(text: string) {
  return text.length > MAX_OUTPUT
    ? { text: text.slice(0, MAX_OUTPUT), note: `The result was cut to ${MAX_OUTPUT} characters.` }
    : { text };
}

function caseWith(change: () => string): string {
  try {
    return change();
  } catch (error) {
    throw new ToolError(`Invalid locale: ${(error as Error).message}`);
  }
}
